package io.paypipe.sandbox.stripe;

import io.paypipe.core.money.Money;
import io.paypipe.sandbox.bill.Settlement;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;

/**
 * One settlement as a line of Stripe's {@code balance_change_from_activity.itemized.3}
 * report (docs.stripe.com/reports/report-types/balance): a payment is a {@code charge}
 * line (gross = the amount, its fee, net = gross - fee), a refund a {@code refund} line
 * (gross negative), a fee a {@code fee} line (gross = minus the fee, fee column 0, as
 * Stripe lists its own fees). Amounts in major units with a leading {@code -} for money
 * leaving the balance, currency lower case, times {@code yyyy-MM-dd HH:mm:ss} in UTC,
 * available two days after the day it happened. A charge's and a refund's
 * {@code payment_intent_id} is the settlement's channel trade number, their
 * {@code charge_id} {@code chargeId}; {@code source_id} is the charge, the refund
 * ({@code re_…}) or the fee's own id. Balance transaction ids are {@code txn_} and the
 * charge's or refund's id part (a fee line's: a digest of what it is), the same at every
 * reading.
 */
record StripeItemizedRow(Settlement settlement, String chargeId) {

    /** The columns this sandbox renders (besides {@code payment_metadata[…]}, ...). */
    static final List<String> COLUMNS = List.of("balance_transaction_id", "created_utc", "created", "available_on_utc",
            "available_on", "currency", "gross", "fee", "net", "reporting_category", "source_id", "description",
            "payment_intent_id", "charge_id");

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
        .withZone(ZoneOffset.UTC);

    private static final String PAYMENT_METADATA = "payment_metadata[";

    private static final String REFUND_METADATA = "refund_metadata[";

    /**
     * Whether the column is one this sandbox renders: {@link #COLUMNS}, and the metadata
     * of the payment ({@code payment_metadata[key]}) or refund
     * ({@code refund_metadata[key]}) of any key (empty unless the sandbox knows it:
     * {@code out_trade_no}, {@code refund_no}).
     */
    static boolean known(String column) {
        return COLUMNS.contains(column) || metadataKey(column, PAYMENT_METADATA) != null
                || metadataKey(column, REFUND_METADATA) != null;
    }

    /** {@code reporting_category}: {@code charge}, {@code refund} or {@code fee}. */
    static String category(Settlement.Kind kind) {
        return switch (kind) {
            case PAYMENT -> "charge";
            case REFUND -> "refund";
            case FEE -> "fee";
        };
    }

    /** The line's signed gross, in minor units. */
    static long gross(Settlement s) {
        return s.kind() == Settlement.Kind.PAYMENT ? s.amountMinor() : -s.amountMinor();
    }

    /**
     * The line's signed fee column, in minor units (a fee line's own fee is its gross).
     */
    static long fee(Settlement s) {
        return switch (s.kind()) {
            case PAYMENT -> s.feeMinor();
            case REFUND -> -s.feeMinor();
            case FEE -> 0;
        };
    }

    String value(String column) {
        Settlement s = settlement;
        boolean fee = s.kind() == Settlement.Kind.FEE;
        return switch (column) {
            case "balance_transaction_id" -> balanceTransaction();
            case "created_utc", "created" -> TIME.format(s.at());
            case "available_on_utc", "available_on" ->
                TIME.format(s.at().truncatedTo(ChronoUnit.DAYS).plus(2, ChronoUnit.DAYS));
            case "currency" -> s.currency().toLowerCase(Locale.ROOT);
            case "gross" -> major(gross(s));
            case "fee" -> major(fee(s));
            case "net" -> major(gross(s) - fee(s));
            case "reporting_category" -> category(s.kind());
            case "source_id" -> switch (s.kind()) {
                case PAYMENT -> chargeId;
                case REFUND -> s.channelRefundId().orElse("");
                case FEE -> s.channelTradeNo();
            };
            case "description" -> switch (s.kind()) {
                case PAYMENT -> "";
                case REFUND -> "REFUND FOR CHARGE";
                case FEE -> "Stripe fees";
            };
            case "payment_intent_id" -> fee ? "" : s.channelTradeNo();
            case "charge_id" -> fee ? "" : chargeId;
            default -> metadata(column);
        };
    }

    private String metadata(String column) {
        String paymentKey = metadataKey(column, PAYMENT_METADATA);
        if (paymentKey != null) {
            return paymentKey.equals("out_trade_no") ? settlement.outTradeNo().orElse("") : "";
        }
        String refundKey = metadataKey(column, REFUND_METADATA);
        if (refundKey != null) {
            return refundKey.equals("refund_no") ? settlement.refundNo().orElse("") : "";
        }
        throw new IllegalArgumentException("not a column of the itemized report: " + column);
    }

    private String balanceTransaction() {
        return switch (settlement.kind()) {
            case PAYMENT -> "txn_" + idPart(chargeId);
            case REFUND -> "txn_" + idPart(settlement.channelRefundId().orElse(settlement.channelTradeNo()));
            case FEE -> "txn_" + digest(settlement.channelTradeNo() + "|" + settlement.at() + "|"
                    + settlement.amountMinor() + "|" + settlement.currency());
        };
    }

    private String major(long minor) {
        String currency = settlement.currency().toUpperCase(Locale.ROOT);
        return StripeReportAmounts.major(minor, Money.fractionDigits(currency));
    }

    private static String metadataKey(String column, String prefix) {
        return column.startsWith(prefix) && column.endsWith("]") && column.length() > prefix.length() + 1
                ? column.substring(prefix.length(), column.length() - 1) : null;
    }

    private static String idPart(String id) {
        int underscore = id.indexOf('_');
        return underscore < 0 ? id : id.substring(underscore + 1);
    }

    private static String digest(String text) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            StringBuilder id = new StringBuilder(24);
            for (int i = 0; i < 24; i++) {
                id.append(Character.forDigit((hash[i] & 0xff) % 36, 36));
            }
            return id.toString();
        }
        catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has SHA-256", e);
        }
    }

}
