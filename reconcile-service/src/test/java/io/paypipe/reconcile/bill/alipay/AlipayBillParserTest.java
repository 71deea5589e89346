package io.paypipe.reconcile.bill.alipay;

import static io.paypipe.reconcile.bill.alipay.AlipayBills.DETAIL;
import static io.paypipe.reconcile.bill.alipay.AlipayBills.EMPTY_DAY_DETAIL;
import static io.paypipe.reconcile.bill.alipay.AlipayBills.HEADER;
import static io.paypipe.reconcile.bill.alipay.AlipayBills.END;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.core.money.Money;
import io.paypipe.reconcile.bill.BillLine;
import io.paypipe.reconcile.bill.BillSummary;
import io.paypipe.reconcile.bill.ParsedBill;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Reading Alipay's bill: its lines, its footer as the summary, as a stream. */
class AlipayBillParserTest {

    private static final String MERCHANT = "2021000000000001";

    private final AlipayBillParser parser = new AlipayBillParser(MERCHANT);

    private final List<BillLine> lines = new ArrayList<>();

    private static Money cny(long fen) {
        return Money.of(fen, "CNY");
    }

    @Test
    void givenTheDaysZip_whenParsed_thenEachPaymentIsALineWithItsReceivedAmountFeeAndBeijingTime() throws IOException {
        // Given the day's zip (detail and summary files, GBK)
        byte[] zip = AlipayBills.sampleDayZip();

        // When it is parsed
        ParsedBill parsed = parser.parse(new ByteArrayInputStream(zip), lines::add);

        // Then the payments are read exactly, IDs trimmed, 完成时间 read in Asia/Shanghai
        assertThat(parsed.payments()).isEqualTo(3);
        assertThat(lines).hasSize(4);
        BillLine first = lines.getFirst();
        assertThat(first).isEqualTo(new BillLine(6, Channel.ALIPAY, BillLine.Kind.PAYMENT, MERCHANT,
                "2026112922001400000000000001", Optional.of("PP-ALI-0001"), Optional.empty(), Optional.empty(),
                cny(3_580), cny(21), Instant.parse("2026-11-29T02:15:02Z"), "交易"));
        assertThat(lines.get(1).occurredAt()).isEqualTo(Instant.parse("2026-11-29T15:59:58Z"));
        // 商家实收 (95.00), not 订单金额 (100.00): what the footer totals
        assertThat(lines.get(3).amount()).isEqualTo(cny(9_500));
    }

    @Test
    void givenTheDaysZip_whenParsed_thenARefundIsItsOwnLineWithItsRequestNoAndPositiveAmount() throws IOException {
        // Given the day's zip, whose third row refunds 10.00 of the first payment
        byte[] zip = AlipayBills.sampleDayZip();

        // When it is parsed
        ParsedBill parsed = parser.parse(new ByteArrayInputStream(zip), lines::add);

        // Then the refund is a REFUND line, its amount the magnitude of -10.00
        assertThat(parsed.refunds()).isEqualTo(1);
        BillLine refund = lines.get(2);
        assertThat(refund.kind()).isEqualTo(BillLine.Kind.REFUND);
        assertThat(refund.channelTradeNo()).isEqualTo("2026112922001400000000000001");
        assertThat(refund.refundNo()).contains("RF-ALI-0001");
        assertThat(refund.channelRefundId()).isEmpty();
        assertThat(refund.amount()).isEqualTo(cny(1_000));
        assertThat(refund.fee()).isEqualTo(cny(6));
        assertThat(refund.occurredAt()).isEqualTo(Instant.parse("2026-11-29T10:30:00Z"));
    }

    @Test
    void givenTheDaysZip_whenParsed_thenTheFooterIsTheSummary() throws IOException {
        // Given the day's zip, footer 3 trades 131.80 and 1 refund -10.00
        byte[] zip = AlipayBills.sampleDayZip();

        // When it is parsed
        ParsedBill parsed = parser.parse(new ByteArrayInputStream(zip), lines::add);

        // Then the summary holds the footer's counts and totals, no fee total
        assertThat(parsed.summary())
            .contains(new BillSummary(4, Optional.of(cny(13_180)), Optional.of(cny(1_000)), Optional.empty()));
        assertThat(parsed.fees()).isZero();
    }

    @Test
    void givenABareDetailCsv_whenParsed_thenItIsReadLikeTheZippedOne() throws IOException {
        // Given the detail file alone (a file imported by hand)
        byte[] csv = AlipayBills.resource(DETAIL);

        // When it is parsed
        ParsedBill parsed = parser.parse(new ByteArrayInputStream(csv), lines::add);

        // Then it gives the same lines and summary
        assertThat(parsed.lines()).isEqualTo(4);
        assertThat(parsed.summary()).map(BillSummary::lines).contains(4L);
    }

    @Test
    void givenAFooterOfZeroTradesAndNoRows_whenParsed_thenItIsAnEmptyDayWithASummary() throws IOException {
        // Given a day with no trades (footer 0笔)
        byte[] zip = AlipayBills.zip(EMPTY_DAY_DETAIL, AlipayBills.resource(EMPTY_DAY_DETAIL));

        // When it is parsed
        ParsedBill parsed = parser.parse(new ByteArrayInputStream(zip), lines::add);

        // Then no line, and a summary of zero (a real empty day, not a missing summary)
        assertThat(lines).isEmpty();
        assertThat(parsed.summary())
            .contains(new BillSummary(0, Optional.of(cny(0)), Optional.of(cny(0)), Optional.empty()));
    }

    @Test
    void givenRowsAndNoFooterTotals_whenParsed_thenTheSummaryIsEmpty() throws IOException {
        // Given rows, the end marker and no 交易合计 / 退款合计
        byte[] zip = AlipayBills.zip(DETAIL, AlipayBills.detail(HEADER,
                List.of(AlipayBills.payment("2026112922001400000000000001", "A", "1.00")), END));

        // When it is parsed
        ParsedBill parsed = parser.parse(new ByteArrayInputStream(zip), lines::add);

        // Then the row is read and the summary is empty (a guard blocks the batch)
        assertThat(parsed.payments()).isEqualTo(1);
        assertThat(parsed.summary()).isEmpty();
    }

    @Test
    void givenAFileThatEndsAfterItsRows_whenParsed_thenTheSummaryIsEmpty() throws IOException {
        // Given a bare detail file cut after its rows (no end marker, no footer)
        byte[] csv = AlipayBills.detail(HEADER,
                List.of(AlipayBills.payment("2026112922001400000000000001", "A", "1.00")));

        // When it is parsed
        ParsedBill parsed = parser.parse(new ByteArrayInputStream(csv), lines::add);

        // Then there is no summary
        assertThat(parsed.summary()).isEmpty();
    }

    @Test
    void givenEveryLine_whenParsed_thenTheMerchantIsTheAccountGivenToTheParser() throws IOException {
        // Given a parser for another app id
        AlipayBillParser other = new AlipayBillParser("2021000000000999");

        // When the day's zip is parsed
        other.parse(new ByteArrayInputStream(AlipayBills.sampleDayZip()), lines::add);

        // Then every line is that merchant's
        assertThat(lines).extracting(BillLine::merchantId).containsOnly("2021000000000999");
        assertThat(other.channel()).isEqualTo(Channel.ALIPAY);
    }

    @Test
    void givenA200000LineBill_whenParsed_thenEachLineReachesTheSinkWhileTheZipIsStillBeingWritten() throws Exception {
        // Given a 200,000-row zip written through a 64 KiB pipe as it is read (never
        // whole
        // in memory on either side)
        int rows = 200_000;
        AtomicLong written = new AtomicLong();
        PipedInputStream in = new PipedInputStream(64 * 1024);
        PipedOutputStream out = new PipedOutputStream(in);
        CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
            try (out) {
                AlipayBills.writeLargeBill(out, rows, written);
            }
            catch (IOException ex) {
                throw new UncheckedIOException(ex);
            }
        });
        AtomicLong count = new AtomicLong();
        AtomicLong writtenWhenFirstLineArrived = new AtomicLong(-1);

        // When it is parsed with a sink that only counts
        ParsedBill parsed = parser.parse(in, line -> {
            if (count.incrementAndGet() == 1) {
                writtenWhenFirstLineArrived.set(written.get());
            }
        });
        writer.join();

        // Then every row was handed on, the first long before the last was written
        assertThat(count.get()).isEqualTo(rows);
        assertThat(parsed.payments()).isEqualTo(rows);
        assertThat(parsed.summary()).map(BillSummary::lines).contains((long) rows);
        assertThat(parsed.summary()).flatMap(BillSummary::paid).contains(cny(rows));
        assertThat(writtenWhenFirstLineArrived.get()).isBetween(1L, rows / 2L);
    }

}
