package io.paypipe.channel.wechatpay;

import io.paypipe.channel.query.QueriedOrder;
import io.paypipe.core.merchant.Merchant;
import java.util.Optional;

/**
 * An order as WeChat Pay's order API names it: {@code out_trade_no} under {@code mchid}
 * (the merchant's own account), or in service-provider mode under {@code sp_mchid} (the
 * provider's account, whose key signs) with {@code sub_mchid} (the order's merchant).
 */
record WechatPayOrder(String outTradeNo, String mchid, Optional<String> subMchid) {

    static WechatPayOrder of(QueriedOrder order, Merchant account) {
        return new WechatPayOrder(order.orderKey().outTradeNo().value(), account.merchantId(),
                order.spMerchantId().map(sp -> order.orderKey().merchantId().value()));
    }

    boolean partner() {
        return subMchid.isPresent();
    }

}
