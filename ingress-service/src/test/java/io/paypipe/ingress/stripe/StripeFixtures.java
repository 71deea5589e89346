package io.paypipe.ingress.stripe;

import io.paypipe.core.merchant.Merchant;
import io.paypipe.sandbox.stripe.StripeIds;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Fixture factories for the Stripe tests: accounts with their secrets (as the sandbox
 * makes them), JSON objects.
 */
final class StripeFixtures {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final Instant NOW = Instant.parse("2026-03-01T08:00:00Z");

    /** Shop A's and shop B's Stripe accounts; C is used by the fuzz test only. */
    static final io.paypipe.sandbox.stripe.StripeMerchant SHOP_A = new io.paypipe.sandbox.stripe.StripeMerchant(
            "shop-a", "acct_1ShopAaaaaaaaaaa", StripeIds.endpointSecret());
    static final io.paypipe.sandbox.stripe.StripeMerchant SHOP_B = new io.paypipe.sandbox.stripe.StripeMerchant(
            "shop-b", "acct_1ShopBbbbbbbbbbb", StripeIds.endpointSecret());
    static final io.paypipe.sandbox.stripe.StripeMerchant FUZZ = new io.paypipe.sandbox.stripe.StripeMerchant(
            "fuzz-shop", "acct_1Fuzzzzzzzzzzzzz", StripeIds.endpointSecret());

    private StripeFixtures() {
    }

    static Clock fixedClock() {
        return Clock.fixed(NOW, ZoneOffset.UTC);
    }

    static List<Merchant> merchantsFileEntries() {
        return List.of(SHOP_A.toMerchant(), SHOP_B.toMerchant(), FUZZ.toMerchant());
    }

    /** The ingress view of a sandbox account. */
    static StripeMerchant ingressMerchant(io.paypipe.sandbox.stripe.StripeMerchant merchant) {
        return StripeMerchant.of(merchant.toMerchant());
    }

    static String newOutTradeNo() {
        return "ST" + UUID.randomUUID().toString().replace("-", "").substring(0, 20).toUpperCase();
    }

    /**
     * A PaymentIntent with raw JSON fragments for the amount fields, the currency and the
     * metadata.
     */
    static JsonNode paymentIntent(String amount, String amountReceived, String currency, String metadata) {
        return JSON.readTree("{\"id\":\"pi_3Test\",\"object\":\"payment_intent\",\"amount\":" + amount
                + ",\"amount_received\":" + amountReceived + ",\"currency\":" + currency
                + ",\"latest_charge\":\"ch_3Test\"," + "\"metadata\":" + metadata + ",\"status\":\"succeeded\"}");
    }

    static JsonNode paymentIntent(long amount, long received, String currency, String outTradeNo) {
        return paymentIntent(Long.toString(amount), Long.toString(received), "\"" + currency + "\"",
                "{\"out_trade_no\":\"" + outTradeNo + "\"}");
    }

    /** A Refund with raw JSON fragments for the status and the metadata. */
    static JsonNode refund(String status, String metadata) {
        return JSON.readTree("{\"id\":\"re_3Test\",\"object\":\"refund\",\"amount\":500,\"charge\":\"ch_3Test\","
                + "\"currency\":\"usd\",\"metadata\":" + metadata + ",\"payment_intent\":\"pi_3Test\",\"status\":"
                + status + "}");
    }

}
