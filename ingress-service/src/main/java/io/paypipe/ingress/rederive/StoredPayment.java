package io.paypipe.ingress.rederive;

import io.paypipe.ingress.intake.VerifiedPayment;
import io.paypipe.support.alert.Alerts;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A {@code pay_notify_raw} row as a re-derive reads it: its identity (the unique key and
 * the order), what ingress derived from the body ({@link Derived}), where processing
 * stands, how it was learnt ({@code source}: CALLBACK, or QUERY for reconcile-service's
 * active query, whose body is the channel's query answer), and the body (from
 * {@code pay_notify_raw_archive} once retention moved it there), null when neither has
 * it.
 */
record StoredPayment(long id, String tenantId, String merchantId, String spMerchantId, String channel,
        String channelTradeNo, String outTradeNo, Derived derived, int handled, String outcome, String source,
        Instant createdAt, String body) {

    /** {@code source} of a row ingress stored from a verified callback. */
    static final String CALLBACK = "CALLBACK";

    /**
     * The columns ingress derives from a payment's body; {@code paidAt} in whole seconds
     * (as the channels send it, and as a DATETIME round trip keeps it).
     */
    record Derived(String tradeState, String paymentState, long orderAmountMinor, long paidAmountMinor, String currency,
            Instant paidAt) {

        static Derived of(VerifiedPayment p) {
            return new Derived(p.channelState(), p.state().name(), p.orderAmount().minor(), p.paidAmount().minor(),
                    p.orderAmount().currency(), p.paidAt());
        }

        Derived {
            paidAt = paidAt == null ? null : paidAt.truncatedTo(ChronoUnit.SECONDS);
        }

        /** For the report: {@code SUCCESS/SUCCEEDED 2500/2500 CNY}. */
        @Override
        public String toString() {
            return tradeState + "/" + paymentState + " " + orderAmountMinor + "/" + paidAmountMinor + " " + currency;
        }

    }

    /** What an alert about this row names. */
    Alerts.About about() {
        return new Alerts.About(tenantId, merchantId, outTradeNo, channel, channelTradeNo, id);
    }

    /** {@code tenant|merchant|out_trade_no}, as the record key and the report name it. */
    String orderKey() {
        return tenantId + "|" + merchantId + "|" + outTradeNo;
    }

    /**
     * The parts of the row's identity that {@code p} names otherwise (none: the same
     * payment); these are never re-derived.
     */
    List<String> identityDifferences(VerifiedPayment p) {
        List<String> differ = new ArrayList<>();
        check(differ, "channel", channel, p.channel().code());
        check(differ, "tenant", tenantId, p.orderKey().tenantId().value());
        check(differ, "merchant", merchantId, p.orderKey().merchantId().value());
        check(differ, "sp_merchant", spMerchantId, p.spMerchantId() == null ? null : p.spMerchantId().value());
        check(differ, "out_trade_no", outTradeNo, p.orderKey().outTradeNo().value());
        check(differ, "channel_trade_no", channelTradeNo, p.channelTradeNo().value());
        return differ;
    }

    private static void check(List<String> differ, String name, String stored, String derived) {
        if (!Objects.equals(stored, derived)) {
            differ.add(name);
        }
    }

    @Override
    public String toString() {
        // never the body
        return "StoredPayment[" + id + " " + channel + " " + orderKey() + " " + derived + " handled=" + handled + "]";
    }

}
