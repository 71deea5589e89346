package io.paypipe.ingress.alipay;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.unverified.NamedOrder;
import java.util.List;
import java.util.Optional;

/**
 * The order an Alipay notification whose signature failed names: {@code out_trade_no} of
 * the app in {@code app_id} (a known app of the merchants file), or of the app in
 * {@code auth_app_id} when the app acts for it (service-provider mode). Nothing of it is
 * trusted; it only says which stored order to look up.
 */
final class AlipayNamedOrder {

    private AlipayNamedOrder() {
    }

    static Optional<NamedOrder> of(AlipayApps apps, byte[] body) {
        if (!(AlipayForm.decode(body) instanceof Check.Ok<AlipayForm>(AlipayForm form))) {
            return Optional.empty();
        }
        Optional<AlipayApp> app = form.get("app_id").flatMap(apps::byAppId);
        Optional<String> outTradeNo = form.get("out_trade_no");
        if (app.isEmpty() || outTradeNo.isEmpty()) {
            return Optional.empty();
        }
        Optional<String> authApp = form.get("auth_app_id");
        if (authApp.isPresent() && !app.get().actsFor(authApp.get())) {
            return Optional.empty();
        }
        String owner = authApp.orElse(app.get().appId());
        try {
            return Optional
                .of(new NamedOrder(Channel.ALIPAY, List.of(MerchantId.of(owner)), OutTradeNo.of(outTradeNo.get())));
        }
        catch (IllegalArgumentException invalid) {
            return Optional.empty();
        }
    }

}
