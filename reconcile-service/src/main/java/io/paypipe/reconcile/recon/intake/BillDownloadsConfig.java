package io.paypipe.reconcile.recon.intake;

import io.paypipe.channel.Merchants;
import io.paypipe.channel.alipay.AlipayEndpoint;
import io.paypipe.channel.bill.AlipayBillDownloads;
import io.paypipe.channel.bill.BillDownloadRegistry;
import io.paypipe.channel.bill.BillDownloads;
import io.paypipe.channel.bill.StripeBillDownloads;
import io.paypipe.channel.bill.WechatPayBillDownloads;
import io.paypipe.channel.stripe.StripeEndpoint;
import io.paypipe.channel.wechatpay.WechatPayEndpoint;
import io.paypipe.reconcile.config.ReconcileProperties;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * channel-clients' three bill downloads (WeChat Pay, Alipay, Stripe), each signed with
 * the merchants file's credentials and pointed at {@code reconcile.wechatpay.base-url},
 * {@code reconcile.alipay.gateway-url} and {@code reconcile.stripe.api-base}, like the
 * order queries of {@code config.ChannelClientsConfig}, and the
 * {@link BillDownloadRegistry} over them that {@link BillIntake} fetches through. A bill
 * call waits up to {@code reconcile.bill.download-timeout}: a channel prepares a whole
 * day before it answers.
 */
@Configuration(proxyBeanMethods = false)
class BillDownloadsConfig {

    @Bean(destroyMethod = "close")
    WechatPayBillDownloads wechatPayBillDownloads(Merchants merchants, ReconcileProperties props) {
        return new WechatPayBillDownloads(merchants,
                new WechatPayEndpoint(props.wechatpay().baseUrl(), props.bill().downloadTimeout()));
    }

    @Bean
    AlipayBillDownloads alipayBillDownloads(Merchants merchants, ReconcileProperties props) {
        return new AlipayBillDownloads(merchants,
                new AlipayEndpoint(props.alipay().gatewayUrl(), props.connectTimeout(), props.channelCallTimeout()),
                props.bill().downloadTimeout());
    }

    @Bean
    StripeBillDownloads stripeBillDownloads(Merchants merchants, ReconcileProperties props) {
        return new StripeBillDownloads(merchants,
                new StripeEndpoint(props.stripe().apiBase(), props.connectTimeout(), props.channelCallTimeout(), 0),
                props.bill().downloadTimeout(), props.bill().reportPoll());
    }

    @Bean
    BillDownloadRegistry billDownloadRegistry(List<BillDownloads> all) {
        return new BillDownloadRegistry(all);
    }

}
