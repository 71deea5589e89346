package io.paypipe.ingress.wechatpay;

import io.paypipe.core.id.MerchantId;
import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import java.util.Optional;

/**
 * Who owns the order a verified transaction or refund is about, and the check that it
 * belongs to the merchant whose platform key signed it (a valid notification of merchant
 * A must not be accepted under merchant B's key). Direct mode: {@code mchid} must be that
 * merchant. Service-provider mode ({@code sp_mchid} present): {@code sp_mchid} must be
 * that merchant and {@code sub_mchid} one of the sub-merchants it lists; the order
 * belongs to the sub-merchant.
 */
record OrderOwner(MerchantId merchantId, Optional<MerchantId> spMerchantId) {

    static Check<OrderOwner> of(WechatPayMerchant merchant, ResourceFields resource) {
        Optional<String> spMchid = resource.optionalText("sp_mchid", ResourceFields.MAX_ID);
        if (spMchid.isPresent()) {
            String subMchid = resource.optionalText("sub_mchid", ResourceFields.MAX_ID).orElse("");
            if (!spMchid.get().equals(merchant.merchantId()) || !merchant.subMerchantIds().contains(subMchid)) {
                return Check.reject(Rejection.MERCHANT_MISMATCH, "sp_mchid " + spMchid.get() + " / sub_mchid "
                        + subMchid + " not under merchant " + merchant.merchantId() + " whose key signed it");
            }
            return Check.ok(new OrderOwner(MerchantId.of(subMchid), Optional.of(MerchantId.of(spMchid.get()))));
        }
        Optional<String> mchid = resource.optionalText("mchid", ResourceFields.MAX_ID);
        if (mchid.isEmpty() || !merchant.merchantId().equals(mchid.get())) {
            return Check.reject(Rejection.MERCHANT_MISMATCH, "mchid " + mchid.orElse("(none)") + " is not merchant "
                    + merchant.merchantId() + " whose key signed it");
        }
        return Check.ok(new OrderOwner(MerchantId.of(mchid.get()), Optional.empty()));
    }
}
