package io.paypipe.reconcile.config;

import io.paypipe.channel.Merchants;
import io.paypipe.channel.alipay.AlipayEndpoint;
import io.paypipe.channel.alipay.AlipayOrderQueries;
import io.paypipe.channel.query.ChannelQueries;
import io.paypipe.channel.query.ChannelQueryRegistry;
import io.paypipe.channel.stripe.StripeEndpoint;
import io.paypipe.channel.stripe.StripeOrderQueries;
import io.paypipe.channel.wechatpay.WechatPayEndpoint;
import io.paypipe.channel.wechatpay.WechatPayOrderQueries;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.reconcile.recon.intake.BillMerchants;
import io.paypipe.support.alert.AlertPublisher;
import io.paypipe.support.alert.AlertRepository;
import io.paypipe.support.merchant.MerchantsFileWatch;
import java.time.Clock;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The merchants file (read and validated at start: an unusable one stops the start) and
 * the three channels' order query and close clients of channel-clients, one
 * {@link ChannelQueryRegistry} over them. Every call is the order's own merchant's
 * (channel-clients' README); no SDK retries a call by itself: retries are the ladder's.
 */
@Configuration(proxyBeanMethods = false)
class ChannelClientsConfig {

    private static final Logger log = LoggerFactory.getLogger(ChannelClientsConfig.class);

    @Bean
    MerchantsFile merchantsFileAtStart(ReconcileProperties props) {
        return MerchantsFile.read(props.merchantsFile());
    }

    @Bean
    Merchants merchants(MerchantsFile atStart, ReconcileProperties props) {
        Merchants merchants = new Merchants(atStart);
        log.info("active query: {} merchants from {}", merchants.size(), props.merchantsFile());
        return merchants;
    }

    /**
     * The merchants file again every {@code reconcile.merchants-reload-interval}: the
     * active query's and the bills' credentials and accounts take a changed file without
     * a restart; an invalid one keeps the previous with a MERCHANTS_FILE_INVALID alert.
     */
    @Bean(initMethod = "start", destroyMethod = "close")
    MerchantsFileWatch merchantsFileWatch(ReconcileProperties props, MerchantsFile atStart, Merchants merchants,
            BillMerchants billMerchants, AlertRepository alerts, AlertPublisher publisher, Clock clock) {
        return new MerchantsFileWatch("reconcile", props.merchantsFile(), atStart, props.merchantsReloadInterval(),
                List.of(merchants::prepare, billMerchants::prepare), alert -> {
                    if (alerts.raise(alert)) {
                        publisher.publishQuietly(alert);
                    }
                }, clock);
    }

    @Bean(destroyMethod = "close")
    WechatPayOrderQueries wechatPayOrderQueries(Merchants merchants, ReconcileProperties props) {
        return new WechatPayOrderQueries(merchants,
                new WechatPayEndpoint(props.wechatpay().baseUrl(), props.channelCallTimeout()));
    }

    @Bean
    AlipayOrderQueries alipayOrderQueries(Merchants merchants, ReconcileProperties props) {
        return new AlipayOrderQueries(merchants,
                new AlipayEndpoint(props.alipay().gatewayUrl(), props.connectTimeout(), props.channelCallTimeout()));
    }

    @Bean
    StripeOrderQueries stripeOrderQueries(Merchants merchants, ReconcileProperties props, Clock clock) {
        return new StripeOrderQueries(merchants,
                new StripeEndpoint(props.stripe().apiBase(), props.connectTimeout(), props.channelCallTimeout(), 0),
                clock);
    }

    @Bean
    ChannelQueryRegistry channelQueryRegistry(List<ChannelQueries> all) {
        return new ChannelQueryRegistry(all);
    }

}
