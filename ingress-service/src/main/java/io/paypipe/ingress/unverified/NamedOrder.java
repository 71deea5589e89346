package io.paypipe.ingress.unverified;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OutTradeNo;
import java.util.List;

/**
 * The order a callback whose signature failed names, read from its body: never trusted,
 * only a hint which order to look up. {@code merchants} are the merchants of the
 * merchants file it may belong to (one for Alipay's {@code app_id}; for a Stripe event
 * that names no account, every Stripe account).
 */
public record NamedOrder(Channel channel, List<MerchantId> merchants, OutTradeNo outTradeNo) {

    public NamedOrder {
        merchants = List.copyOf(merchants);
    }

}
