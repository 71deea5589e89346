package io.paypipe.sandbox.stripe;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.bill.Settlement;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/** Fixtures of the Stripe report tests: one account's settlements of 2026-11-29. */
final class StripeReports {

    static final String ACCOUNT = "acct_1PaypipeSbx0000";

    static final LocalDate DAY = LocalDate.parse("2026-11-29");

    static final Instant DAY_START = Instant.parse("2026-11-29T00:00:00Z");

    static final Instant DAY_END = Instant.parse("2026-11-30T00:00:00Z");

    /**
     * reconcile-service's {@code StripeBillParser.COLUMNS}, the columns its client
     * requests.
     */
    static final List<String> BILL_COLUMNS = List.of("balance_transaction_id", "created_utc", "available_on_utc",
            "currency", "gross", "fee", "net", "reporting_category", "source_id", "description", "payment_intent_id",
            "charge_id", "payment_metadata[out_trade_no]", "refund_metadata[refund_no]");

    static final String BILL_HEADER = String.join(",", BILL_COLUMNS);

    private StripeReports() {
    }

    /** A payment of {@code amount} cents at {@code at}, fee 2.9 % + 30. */
    static Settlement payment(String paymentIntent, String outTradeNo, long amount, String at) {
        long fee = Math.round(amount * 0.029) + 30;
        return Settlement.payment(Channel.STRIPE, ACCOUNT, outTradeNo, paymentIntent, amount, fee, "USD",
                Instant.parse(at));
    }

    /** A refund of {@code amount} cents; {@code refundNo} null: a Dashboard refund. */
    static Settlement refund(String paymentIntent, String outTradeNo, String refundNo, String refundId, long amount,
            String at) {
        return Settlement.refund(Channel.STRIPE, ACCOUNT, outTradeNo, paymentIntent, Optional.ofNullable(refundNo),
                refundId, amount, "USD", Instant.parse(at));
    }

    static Settlement fee(String feeId, long amount, String at) {
        return Settlement.fee(Channel.STRIPE, ACCOUNT, feeId, amount, "USD", Instant.parse(at));
    }

    /**
     * The charge id the sandbox would give: {@code ch_} and the PaymentIntent's id part.
     */
    static String chargeOf(Settlement s) {
        return "ch_" + s.channelTradeNo().substring(s.channelTradeNo().indexOf('_') + 1);
    }

    /** All records joined. */
    static String text(Iterator<byte[]> records) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        records.forEachRemaining(out::writeBytes);
        return out.toString(StandardCharsets.UTF_8);
    }

    /** A download's body as text. */
    static String body(StripeReportFile.Download download) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            download.body().writeTo(out);
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

}
