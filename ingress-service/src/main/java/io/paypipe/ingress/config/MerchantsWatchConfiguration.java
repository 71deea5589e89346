package io.paypipe.ingress.config;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.core.topic.Topics;
import io.paypipe.support.alert.AlertRepository;
import io.paypipe.support.merchant.MerchantsFileWatch;
import io.paypipe.support.merchant.MerchantsReload;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * The merchants file is read again every {@code ingress.merchants-reload-interval}: the
 * verifying keys of every channel (WeChat Pay platform keys and APIv3 keys, Alipay public
 * keys, Stripe endpoint secrets) are swapped without a restart when the file changes, and
 * an invalid file keeps the previous keys with a MERCHANTS_FILE_INVALID alert (stored in
 * {@code ops_alert}, published to {@code ops.alert}).
 */
@Configuration(proxyBeanMethods = false)
class MerchantsWatchConfiguration {

    private static final Logger log = LoggerFactory.getLogger(MerchantsWatchConfiguration.class);

    @Bean(initMethod = "start", destroyMethod = "close")
    MerchantsFileWatch merchantsFileWatch(IngressProperties properties, MerchantsFile atStart,
            List<MerchantsReload> reloads, JdbcClient jdbc, KafkaTemplate<String, Object> notifyTemplate, Clock clock) {
        AlertRepository alerts = new AlertRepository(jdbc);
        return new MerchantsFileWatch("ingress", properties.merchantsFile(), atStart,
                properties.merchantsReloadInterval(), reloads, alert -> raise(alerts, notifyTemplate, alert), clock);
    }

    private static void raise(AlertRepository alerts, KafkaTemplate<String, Object> template, OpsAlertRaised alert) {
        if (!alerts.raise(alert)) {
            return;
        }
        try {
            template.send(Topics.OPS_ALERT.name(), alert.alertKey(), alert).get(5, TimeUnit.SECONDS);
        }
        catch (Exception ex) {
            // stored in ops_alert already: the auditor and the console read it there
            log.warn("alert {} not published to ops.alert: {}", alert.alertKey(), ex.toString());
        }
    }

}
