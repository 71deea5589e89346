package io.paypipe.ingress.stripe;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.ingress.unverified.NamedOrder;
import java.util.List;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The order a Stripe event whose signature failed names:
 * {@code data.object.metadata.out_trade_no} of the {@code account} it names (a known
 * account of the merchants file), or, when it names none, of any Stripe account (the
 * order, if stored, tells whose it is). Nothing of it is trusted; it only says which
 * stored order to look up.
 */
final class StripeNamedOrder {

    private static final JsonMapper JSON = JsonMapper.builder()
        .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
        .build();

    private StripeNamedOrder() {
    }

    static Optional<NamedOrder> of(StripeMerchants merchants, byte[] body) {
        JsonNode root;
        try {
            root = JSON.readTree(body);
        }
        catch (JacksonException | IllegalArgumentException e) {
            return Optional.empty();
        }
        if (root == null || !root.isObject()) {
            return Optional.empty();
        }
        JsonNode outTradeNo = root.path("data").path("object").path("metadata").path("out_trade_no");
        JsonNode account = root.path("account");
        if (!outTradeNo.isString() || !(account.isMissingNode() || account.isNull() || account.isString())) {
            return Optional.empty();
        }
        List<String> accounts = account.isString()
                ? merchants.byAccount(account.stringValue()).map(StripeMerchant::account).stream().toList()
                : merchants.all().stream().map(StripeMerchant::account).toList();
        if (accounts.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new NamedOrder(Channel.STRIPE, accounts.stream().map(MerchantId::of).toList(),
                    OutTradeNo.of(outTradeNo.stringValue())));
        }
        catch (IllegalArgumentException invalid) {
            return Optional.empty();
        }
    }

}
