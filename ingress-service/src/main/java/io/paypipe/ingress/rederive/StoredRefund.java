package io.paypipe.ingress.rederive;

import io.paypipe.core.money.Money;
import io.paypipe.ingress.intake.VerifiedRefund;
import io.paypipe.support.alert.Alerts;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A {@code pay_refund_raw} row as a re-derive reads it: its identity (the unique key
 * {@code merchant, channel, refund_key, refund_state}, the refund number, the payment and
 * the order), what ingress derived from the body ({@link Derived}), where refund-service
 * left it ({@code handled}), and the body (from {@code pay_refund_raw_archive} once
 * retention moved it there), null when neither has it. {@code channelState} is the
 * channel's own word for the state ({@code refund_state}), part of the unique key.
 */
record StoredRefund(long id, String tenantId, String merchantId, String spMerchantId, String channel, String refundNo,
        String refundKey, String channelTradeNo, String outTradeNo, String channelState, Derived derived, int handled,
        Instant createdAt, String body) {

    /** {@code handled} of a row refund-service set aside for a person. */
    static final int SET_ASIDE = 2;

    /**
     * The columns ingress derives from a refund's body that a re-derive may change:
     * {@code state} a {@code RefundState} name ({@code derived_state}, null on a row
     * stored before V18), the channel's refund id, this refund's amount and the payment's
     * refunded total (either may be null), in minor units of {@code currency}.
     */
    record Derived(String state, String channelRefundId, Long refundMinor, Long refundedTotalMinor, String currency) {

        static Derived of(VerifiedRefund r) {
            return new Derived(r.state().name(), r.channelRefundId(), minor(r.refundAmount()), minor(r.refundedTotal()),
                    r.amounts().currency());
        }

        private static Long minor(Money m) {
            return m == null ? null : m.minor();
        }

        Derived withoutState() {
            return new Derived(null, channelRefundId, refundMinor, refundedTotalMinor, currency);
        }

    }

    /**
     * Whether the current code derives what is stored. A row stored before V18 has no
     * derived state: it counts as the same unless refund-service set it aside, the rows a
     * classifier bug leaves behind.
     */
    boolean derives(Derived now) {
        if (derived.state() == null) {
            return handled != SET_ASIDE && now.withoutState().equals(derived);
        }
        return now.equals(derived);
    }

    /** For the report: {@code SUCCESS/SUCCEEDED 400/- CNY re_1}. */
    String describe(Derived d) {
        return channelState + "/" + (d.state() == null ? "?" : d.state()) + " " + amount(d.refundMinor()) + "/"
                + amount(d.refundedTotalMinor()) + " " + d.currency()
                + (d.channelRefundId() == null ? "" : " " + d.channelRefundId());
    }

    private static String amount(Long minor) {
        return minor == null ? "-" : minor.toString();
    }

    /**
     * {@code tenant|merchant|out_trade_no}, the record key of its {@code refund.notify}
     * event; a refund that names no order is keyed by its payment (the channel trade
     * number), as the intake keys it.
     */
    String orderKey() {
        return tenantId + "|" + merchantId + "|" + (outTradeNo != null ? outTradeNo : channelTradeNo);
    }

    /** What an alert about this row names. */
    Alerts.About about() {
        return new Alerts.About(tenantId, merchantId, outTradeNo, channel, channelTradeNo, id);
    }

    /**
     * The parts of the row's identity that {@code r} names otherwise (none: the same
     * refund in the same reported state); these are never re-derived.
     */
    List<String> identityDifferences(VerifiedRefund r) {
        List<String> differ = new ArrayList<>();
        check(differ, "channel", channel, r.channel().code());
        check(differ, "tenant", tenantId, r.tenantId().value());
        check(differ, "merchant", merchantId, r.merchantId().value());
        check(differ, "sp_merchant", spMerchantId, r.spMerchantId() == null ? null : r.spMerchantId().value());
        check(differ, "out_trade_no", outTradeNo, r.outTradeNo() == null ? null : r.outTradeNo().value());
        check(differ, "channel_trade_no", channelTradeNo, r.channelTradeNo().value());
        check(differ, "refund_no", refundNo, r.refundNo());
        check(differ, "refund_key", refundKey, r.refundKey().value());
        check(differ, "refund_state", channelState, r.channelState());
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
        return "StoredRefund[" + id + " " + channel + " " + orderKey() + " refund " + refundKey + " "
                + describe(derived) + " handled=" + handled + "]";
    }

}
