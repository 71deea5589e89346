package io.paypipe.reconcile.recon.intake;

import io.paypipe.channel.bill.BillDownloadRegistry;
import org.springframework.context.annotation.Configuration;

/**
 * Where the {@link BillDownloadRegistry} bean of channel-clients' three bill downloads
 * (WeChat Pay, Alipay, Stripe) is declared, each signed with the merchants file's
 * credentials and pointed at {@code reconcile.wechatpay.base-url},
 * {@code reconcile.alipay.gateway-url} and {@code reconcile.stripe.api-base}, like the
 * order queries of {@code config.ChannelClientsConfig}.
 * <p>
 * Until it declares one, {@link BillIntake} finds no registry and a FETCH batch is
 * blocked (FETCH_FAILED, "no bill download in this build"); IMPORT batches do not need
 * it.
 */
@Configuration(proxyBeanMethods = false)
class BillDownloadsConfig {

}
