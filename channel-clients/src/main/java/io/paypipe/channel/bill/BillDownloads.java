package io.paypipe.channel.bill;

import io.paypipe.core.id.Channel;

/**
 * One channel's bill download, the channel's way: WeChat Pay's {@code GET
 * /v3/bill/tradebill} then the signed download of its {@code download_url}; Alipay's
 * {@code alipay.data.dataservice.bill.downloadurl.query} then the download of its
 * {@code bill_download_url}; Stripe's report runs
 * ({@code balance_change_from_activity.summary.1} and {@code .itemized.3} of the day)
 * then their files.
 */
public interface BillDownloads {

    Channel channel();

    /**
     * Asks the channel for the bill of {@code request}'s merchant and day. Never throws
     * for what the channel or the network answered: that is a {@link BillFetch} value.
     */
    BillFetch fetch(BillRequest request);

}
