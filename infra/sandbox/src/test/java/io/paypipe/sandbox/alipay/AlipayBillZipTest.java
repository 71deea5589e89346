package io.paypipe.sandbox.alipay;

import static io.paypipe.sandbox.alipay.AlipayBillFixtures.APP;
import static io.paypipe.sandbox.alipay.AlipayBillFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.sandbox.bill.Settlement;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Alipay's trade bill zip as the sandbox writes it: the files, their lines byte for byte
 * (GBK), the footer's totals, and a stream that never holds the day.
 */
class AlipayBillZipTest {

    private static final LocalDate DAY = LocalDate.of(2026, 11, 29);

    private static final String ACCOUNT = AlipayMerchant.sellerIdFor(APP) + "0156";

    private static final String DETAIL = ACCOUNT + "_20261129_业务明细.csv";

    private static final String SUMMARY = ACCOUNT + "_20261129_业务明细(汇总).csv";

    private static final List<AlipayBillRow> ROWS = List.of(
            row(AlipayBillFixtures.payment("2026112922001400000000000001", "PP-1", 3_580, 21, "2026-11-29T10:15:02")),
            row(AlipayBillFixtures.refund("2026112922001400000000000001", "PP-1", "RF-1", 1_000,
                    "2026-11-29T18:30:00")),
            row(AlipayBillFixtures.payment("2026112922001400000000000002", "PP-2", 100, 1, "2026-11-29T23:59:58")));

    private static AlipayBillRow row(Settlement settlement) {
        return AlipayBillRow.of(settlement).orElseThrow();
    }

    private static AlipayBillZip.Content content(Iterable<AlipayBillRow> rows, boolean listRows, boolean summary,
            long extraTrades, long extraPaidFen) {
        return new AlipayBillZip.Content(APP, DAY, NOW, rows, listRows, summary, extraTrades, extraPaidFen);
    }

    private static byte[] write(AlipayBillZip.Content content) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        AlipayBillZip.write(content, out);
        return out.toByteArray();
    }

    @Test
    void givenTheDaysRows_whenWritten_thenTheDetailFileIsAlipaysLayoutLineForLine() throws IOException {
        // Given two payments and a refund of 2026-11-29
        // When the bill is written
        Map<String, List<String>> files = AlipayBillFixtures.files(write(content(ROWS, true, true, 0, 0)));

        // Then the zip holds the detail file then the summary file, named by account and
        // day
        assertThat(files.keySet()).containsExactly(DETAIL, SUMMARY);
        // And the detail file is the title, account, date range, marker, header, rows,
        // end marker and footer
        assertThat(files.get(DETAIL)).containsExactly("#支付宝业务明细查询", "#账号：[" + ACCOUNT + "]",
                "#起始日期：[2026年11月29日 00:00:00]   终止日期：[2026年11月30日 00:00:00]", AlipayBillCsv.LIST_START,
                "支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,"
                        + "支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注",
                "2026112922001400000000000001\t,PP-1\t,交易\t,测试商品,2026-11-29 10:14:57,2026-11-29 10:15:02,\t,\t,\t,\t,"
                        + "*测(138****0000)\t,35.80,35.80,0.00,0.00,0.00,0.00,0.00,,0.00\t,0.00,\t,-0.21,0.00,",
                "2026112922001400000000000001\t,PP-1\t,退款\t,测试商品,2026-11-29 18:30:00,2026-11-29 18:30:00,\t,\t,\t,\t,"
                        + "*测(138****0000)\t,-10.00,-10.00,0.00,0.00,0.00,0.00,0.00,,0.00\t,0.00,RF-1\t,0.00,0.00,",
                "2026112922001400000000000002\t,PP-2\t,交易\t,测试商品,2026-11-29 23:59:53,2026-11-29 23:59:58,\t,\t,\t,\t,"
                        + "*测(138****0000)\t,1.00,1.00,0.00,0.00,0.00,0.00,0.00,,0.00\t,0.00,\t,-0.01,0.00,",
                AlipayBillCsv.LIST_END, "#交易合计：2笔，商家实收共36.80元，商家优惠共0.00元", "#退款合计：1笔，商家实收退款共-10.00元，商家优惠退款共0.00元",
                "#导出时间：[2026年11月30日 10:05:31]");
    }

    @Test
    void givenTheDaysRows_whenWritten_thenTheSummaryFileTotalsTheDayNetOfRefunds() throws IOException {
        Map<String, List<String>> files = AlipayBillFixtures.files(write(content(ROWS, true, true, 0, 0)));

        assertThat(files.get(SUMMARY)).containsExactly("#支付宝业务汇总查询", "#账号：[" + ACCOUNT + "]",
                "门店编号,门店名称,交易订单总笔数,退款订单总笔数,订单金额（元）,商家实收（元）", "合计,,2,1,26.80,26.80");
    }

    @Test
    void givenNoRows_whenWritten_thenTheFooterSaysZeroTradesAndZeroRefunds() throws IOException {
        List<String> detail = AlipayBillFixtures.files(write(content(List.of(), true, true, 0, 0))).get(DETAIL);

        assertThat(detail.subList(4, detail.size())).containsExactly(String.join(",", AlipayBillCsv.HEADER),
                AlipayBillCsv.LIST_END, "#交易合计：0笔，商家实收共0.00元，商家优惠共0.00元", "#退款合计：0笔，商家实收退款共0.00元，商家优惠退款共0.00元",
                "#导出时间：[2026年11月30日 10:05:31]");
    }

    @Test
    void givenRowsNotListed_whenWritten_thenTheFooterStillTotalsThem() throws IOException {
        List<String> detail = AlipayBillFixtures.files(write(content(ROWS, false, true, 0, 0))).get(DETAIL);

        assertThat(detail).doesNotContain(AlipayBillCsv.row(ROWS.get(0)))
            .contains("#交易合计：2笔，商家实收共36.80元，商家优惠共0.00元", "#退款合计：1笔，商家实收退款共-10.00元，商家优惠退款共0.00元");
        assertThat(detail.indexOf(AlipayBillCsv.LIST_END)).isEqualTo(5);
    }

    @Test
    void givenExtraTradesAndFen_whenWritten_thenTheFooterDisagreesWithTheRowsByThem() throws IOException {
        List<String> detail = AlipayBillFixtures.files(write(content(ROWS, true, true, 1, 100))).get(DETAIL);

        assertThat(detail).contains("#交易合计：3笔，商家实收共37.80元，商家优惠共0.00元");
    }

    @Test
    void givenNoSummary_whenWritten_thenTheDetailFileEndsAtTheEndMarkerAndThereIsNoSummaryFile() throws IOException {
        Map<String, List<String>> files = AlipayBillFixtures.files(write(content(ROWS, true, false, 0, 0)));

        assertThat(files.keySet()).containsExactly(DETAIL);
        assertThat(files.get(DETAIL)).hasSize(9).endsWith(AlipayBillCsv.LIST_END);
    }

    @Test
    void givenAnyContent_whenMeasuredAndCut_thenTheLengthIsWhatIsWrittenAndTheCutItsPrefix() throws IOException {
        // Given the day's bill
        AlipayBillZip.Content content = content(ROWS, true, true, 0, 0);
        byte[] whole = write(content);

        // When it is measured, and cut at half
        long length = AlipayBillZip.length(content);
        ByteArrayOutputStream cut = new ByteArrayOutputStream();
        AlipayBillZip.writeCut(content, cut, length / 2);

        // Then the length is exact (the same content gives the same bytes), the cut its
        // first half
        assertThat(length).isEqualTo(whole.length);
        assertThat(write(content)).isEqualTo(whole);
        assertThat(cut.toByteArray()).isEqualTo(Arrays.copyOf(whole, whole.length / 2));
    }

    @Test
    void givenAGeneratedDayOf200000Rows_whenWritten_thenBytesLeaveLongBeforeTheLastRowIsMade() throws IOException {
        // Given 200,000 generated rows, counted as they are made
        int lines = 200_000;
        AtomicLong made = new AtomicLong();
        Iterable<AlipayBillRow> rows = () -> new Iterator<>() {

            @Override
            public boolean hasNext() {
                return made.get() < lines;
            }

            @Override
            public AlipayBillRow next() {
                return AlipayBillRow.generated(DAY, AlipayBillFixtures.at("2026-11-29T00:00:00"),
                        made.getAndIncrement(), lines);
            }

        };
        AtomicLong madeAtFirstByte = new AtomicLong(-1);
        AtomicLong bytes = new AtomicLong();
        OutputStream out = new OutputStream() {

            @Override
            public void write(int b) {
                write(new byte[] { (byte) b }, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                madeAtFirstByte.compareAndSet(-1, made.get());
                bytes.addAndGet(len);
            }

        };

        // When the zip is written into a stream that keeps nothing
        AlipayBillZip.write(content(rows, true, true, 0, 0), out);

        // Then every row was made, and the zip started leaving before half of them were
        assertThat(made.get()).isEqualTo(lines);
        assertThat(madeAtFirstByte.get()).isBetween(1L, lines / 2L);
        assertThat(bytes.get()).isPositive();
    }

    @Test
    void givenGeneratedRows_whenMade_thenTheyAreNumberedByDayAndIndexPricedAndSpreadOverTheDay() {
        // Given the 1,000 rows of a generated day
        var start = AlipayBillFixtures.at("2026-11-29T00:00:00");

        // When rows 0, 999 and 500 are made
        AlipayBillRow first = AlipayBillRow.generated(DAY, start, 0, 1_000);
        AlipayBillRow last = AlipayBillRow.generated(DAY, start, 999, 1_000);
        AlipayBillRow middle = AlipayBillRow.generated(DAY, start, 500, 1_000);

        // Then GEN<day><index>, 1.00 plus the index in fen, the channel's fee, times
        // spread over the day
        assertThat(first.tradeNo()).isEqualTo("GEN20261129000000000");
        assertThat(first.outTradeNo()).isEqualTo("GENO20261129000000000");
        assertThat(first.amountFen()).isEqualTo(100);
        assertThat(first.feeFen()).isEqualTo(1);
        assertThat(first.finishedAt()).isEqualTo(start);
        assertThat(last.tradeNo()).isEqualTo("GEN20261129000000999");
        assertThat(last.amountFen()).isEqualTo(1_099);
        assertThat(last.feeFen()).isEqualTo(7);
        assertThat(last.finishedAt()).isEqualTo(AlipayBillFixtures.at("2026-11-29T23:58:33"));
        assertThat(middle.finishedAt()).isEqualTo(AlipayBillFixtures.at("2026-11-29T12:00:00"));
    }

}
