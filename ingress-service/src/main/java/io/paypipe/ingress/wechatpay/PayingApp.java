package io.paypipe.ingress.wechatpay;

import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The app a payment was made in must be one the merchants file lists for the merchant
 * that owns it, as WeChat asks merchants to check: direct mode, {@code appid} in the
 * merchant's {@code wechatpay.appIds}; service-provider mode, {@code sp_appid} in the
 * provider's {@code wechatpay.appIds} and {@code sub_appid}, when the payment names one,
 * in the sub-merchant's {@code wechatpay.subAppIds} (without one the payment was made in
 * the provider's app). Refund notifications carry no app id.
 */
final class PayingApp {

    private static final Pattern LOGGABLE = Pattern.compile("[A-Za-z0-9_\\-]{1,32}");

    private PayingApp() {
    }

    static Check<OrderOwner> check(WechatPayMerchant merchant, OrderOwner owner, ResourceFields resource) {
        if (owner.spMerchantId().isEmpty()) {
            Optional<String> appid = resource.optionalText("appid", ResourceFields.MAX_ID);
            return listed(appid, merchant.appIds().contains(appid.orElse("")), owner, "appid",
                    "merchant " + merchant.merchantId());
        }
        Optional<String> spAppid = resource.optionalText("sp_appid", ResourceFields.MAX_ID);
        if (!merchant.appIds().contains(spAppid.orElse(""))) {
            return listed(spAppid, false, owner, "sp_appid", "service provider " + merchant.merchantId());
        }
        Optional<String> subAppid = resource.optionalText("sub_appid", ResourceFields.MAX_ID);
        String sub = owner.merchantId().value();
        return subAppid.isEmpty() ? Check.ok(owner) : listed(subAppid, merchant.subAppIds(sub).contains(subAppid.get()),
                owner, "sub_appid", "sub-merchant " + sub);
    }

    private static Check<OrderOwner> listed(Optional<String> appId, boolean listed, OrderOwner owner, String field,
            String whose) {
        if (listed) {
            return Check.ok(owner);
        }
        String named = appId.map(id -> LOGGABLE.matcher(id).matches() ? id : "<" + id.length() + " chars>")
            .orElse("(none)");
        return Check.reject(Rejection.APP_MISMATCH,
                field + " " + named + " is not an app the merchants file lists for " + whose);
    }

}
