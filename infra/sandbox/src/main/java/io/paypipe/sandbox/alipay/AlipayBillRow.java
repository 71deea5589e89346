package io.paypipe.sandbox.alipay;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.bill.FeeRates;
import io.paypipe.sandbox.bill.Settlement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.Objects;
import java.util.Optional;

/**
 * One row of Alipay's trade bill (its {@code …_业务明细.csv}): a payment ({@code 业务类型}
 * {@code 交易}) or a refund ({@code 退款}) of the trade {@code tradeNo}, amounts in fen,
 * never negative (the bill writes a refund's amounts with a minus). {@code refundNo} is
 * the merchant's {@code out_request_no} (the bill's {@code 退款批次号/请求号}; empty for a
 * payment and for a refund made in Alipay's console). Alipay's bill has no refund id of
 * its own and no fee line: a settlement of kind FEE is no row.
 */
record AlipayBillRow(String tradeNo, String outTradeNo, boolean refund, long amountFen, long feeFen,
        Optional<String> refundNo, Instant finishedAt) {

    private static final DateTimeFormatter DAY = DateTimeFormatter.BASIC_ISO_DATE;

    AlipayBillRow {
        Objects.requireNonNull(tradeNo, "tradeNo");
        Objects.requireNonNull(outTradeNo, "outTradeNo");
        Objects.requireNonNull(refundNo, "refundNo");
        Objects.requireNonNull(finishedAt, "finishedAt");
        if (amountFen < 0 || feeFen < 0) {
            throw new IllegalArgumentException("a bill row's amount and fee are never negative");
        }
    }

    /** The row of a settlement the sandbox's Alipay made; empty for a FEE settlement. */
    static Optional<AlipayBillRow> of(Settlement settlement) {
        return switch (settlement.kind()) {
            case PAYMENT ->
                Optional.of(new AlipayBillRow(settlement.channelTradeNo(), settlement.outTradeNo().orElse(""), false,
                        settlement.amountMinor(), settlement.feeMinor(), Optional.empty(), settlement.at()));
            case REFUND ->
                Optional.of(new AlipayBillRow(settlement.channelTradeNo(), settlement.outTradeNo().orElse(""), true,
                        settlement.amountMinor(), settlement.feeMinor(), settlement.refundNo(), settlement.at()));
            case FEE -> Optional.empty();
        };
    }

    /**
     * Row {@code index} (from 0) of the {@code lines} rows of a GENERATED day: a payment
     * {@code GEN<yyyyMMdd><index, 9 digits>} (order {@code GENO…}) of 1.00 plus
     * {@code index % 1000} fen, the channel's fee, paid at {@code index / lines} of the
     * day.
     */
    static AlipayBillRow generated(LocalDate day, Instant dayStart, long index, long lines) {
        String digits = Long.toString(index);
        String suffix = day.format(DAY) + "0".repeat(Math.max(0, 9 - digits.length())) + digits;
        long amount = 100 + index % 1000;
        long second = Math.multiplyExact(index, 86_400L) / lines;
        return new AlipayBillRow("GEN" + suffix, "GENO" + suffix, false, amount,
                FeeRates.feeMinor(Channel.ALIPAY, amount), Optional.empty(), dayStart.plusSeconds(second));
    }

}
