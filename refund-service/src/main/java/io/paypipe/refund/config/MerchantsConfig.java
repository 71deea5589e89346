package io.paypipe.refund.config;

import java.time.Clock;
import java.util.List;

import io.paypipe.channel.Merchants;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.support.alert.AlertPublisher;
import io.paypipe.support.alert.AlertRepository;
import io.paypipe.support.merchant.MerchantsFileWatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The merchants file, read and validated at start (an unusable one stops the start), and
 * read again every {@code refund.merchants-reload-interval}: rotated outbound keys take
 * effect without a restart, an invalid file keeps the previous ones with a
 * MERCHANTS_FILE_INVALID alert.
 */
@Configuration(proxyBeanMethods = false)
class MerchantsConfig {

    private static final Logger log = LoggerFactory.getLogger(MerchantsConfig.class);

    @Bean
    MerchantsFile merchantsFileAtStart(RefundProperties props) {
        return MerchantsFile.read(props.merchantsFile());
    }

    @Bean
    Merchants merchants(MerchantsFile atStart, RefundProperties props) {
        Merchants merchants = new Merchants(atStart);
        log.info("refunds: {} merchants from {}", merchants.size(), props.merchantsFile());
        return merchants;
    }

    @Bean(initMethod = "start", destroyMethod = "close")
    MerchantsFileWatch merchantsFileWatch(RefundProperties props, MerchantsFile atStart, Merchants merchants,
            AlertRepository alerts, AlertPublisher publisher, Clock clock) {
        return new MerchantsFileWatch("refund", props.merchantsFile(), atStart, props.merchantsReloadInterval(),
                List.of(merchants::prepare), alert -> {
                    if (alerts.raise(alert)) {
                        publisher.publishQuietly(alert);
                    }
                }, clock);
    }

}
