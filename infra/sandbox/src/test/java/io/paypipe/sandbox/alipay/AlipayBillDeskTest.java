package io.paypipe.sandbox.alipay;

import static io.paypipe.sandbox.alipay.AlipayBillFixtures.APP;
import static io.paypipe.sandbox.alipay.AlipayBillFixtures.NOW;
import static io.paypipe.sandbox.alipay.AlipayBillFixtures.payment;
import static io.paypipe.sandbox.alipay.AlipayBillFixtures.refund;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.bill.BillScenario;
import io.paypipe.sandbox.bill.BillScenarios;
import io.paypipe.sandbox.bill.Settlement;
import io.paypipe.sandbox.bill.SettlementBook;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code alipay.data.dataservice.bill.downloadurl.query} and its download URL: which days
 * have a bill, how long a URL lives, and what every {@link BillScenario} serves.
 */
class AlipayBillDeskTest {

    private static final LocalDate DAY = LocalDate.of(2026, 11, 29);

    private static final String DETAIL = AlipayBillCsv.stem(APP, DAY) + "_业务明细.csv";

    private final AlipayBillFixtures.MovingClock clock = new AlipayBillFixtures.MovingClock(NOW);

    private final SettlementBook book = new SettlementBook();

    private final BillScenarios scenarios = new BillScenarios();

    private final AlipayBillDesk desk = new AlipayBillDesk(book, scenarios, clock, Duration.ofSeconds(30));

    private void settleTheDay() {
        book.record(payment("T1", "PP-1", 3_580, 21, "2026-11-29T10:15:02"));
        book.record(refund("T1", "PP-1", "RF-1", 1_000, "2026-11-29T18:30:00"));
        book.record(payment("T2", "PP-2", 100, 1, "2026-11-29T23:59:58"));
        // neither the day before nor the day after, nor another app's
        book.record(payment("T0", "PP-0", 500, 3, "2026-11-28T23:59:59"));
        book.record(payment("T3", "PP-3", 500, 3, "2026-11-30T00:00:00"));
        book.record(Settlement.payment(Channel.ALIPAY, "2021000100000001", "PP-X", "TX", 500, 3, "CNY",
                AlipayBillFixtures.at("2026-11-29T12:00:00")));
    }

    private Map<String, String> query(String billType, String billDate) {
        return desk.downloadUrl(APP, Map.of("bill_type", billType, "bill_date", billDate), "http://sandbox:8090")
            .node();
    }

    private AlipayBillFiles.Served download(LocalDate day) {
        String url = query("trade", day.toString()).get("bill_download_url");
        return desk.download(url.substring(url.indexOf("token=") + 6));
    }

    private List<String> detail(LocalDate day) {
        return AlipayBillFixtures.files(AlipayBillFixtures.bytes(download(day))).get(DETAIL);
    }

    private static List<String> tradeIds(List<String> detail) {
        return detail.stream().filter(l -> !l.startsWith("#") && l.contains("\t,")).map(l -> l.split("\t")[0]).toList();
    }

    @Test
    void givenAPastDay_whenQueried_thenTheAnswerIsAnUnsignedDownloadUrlOfTheSandbox() {
        Map<String, String> node = query("trade", "2026-11-29");

        assertThat(node).containsEntry("code", "10000").containsEntry("msg", "Success");
        assertThat(node.get("bill_download_url"))
            .matches("http://sandbox:8090/sandbox/alipay/bill/download\\?token=[0-9a-z]{32}");
    }

    @Test
    void givenTodayOrALaterDayInBeijing_whenQueried_thenTheBillDoesNotExistYet() {
        // Given the sandbox's clock at 2026-11-30 10:05:31 in Beijing (02:05 UTC)
        // When today and tomorrow are asked for
        // Then Alipay's "no bill"
        assertThat(query("trade", "2026-11-30")).containsEntry("code", "40004")
            .containsEntry("sub_code", "isp.bill_not_exist");
        assertThat(query("trade", "2026-12-01")).containsEntry("sub_code", "isp.bill_not_exist");
        assertThat(query("trade", "2026-11-29")).containsEntry("code", "10000");
    }

    @Test
    void givenTheCurrentDayBilled_whenTodayIsQueried_thenItHasABillAndTomorrowStillNone() {
        // Given the demo's setting: today's bill served as it stands
        scenarios.billCurrentDay(true);

        // When today and tomorrow are asked for
        // Then today has a bill, tomorrow none
        assertThat(query("trade", "2026-11-30")).containsEntry("code", "10000");
        assertThat(query("trade", "2026-12-01")).containsEntry("sub_code", "isp.bill_not_exist");
    }

    @Test
    void givenOtherBillTypesAndDates_whenQueried_thenTheyAreRefusedOrHaveNoBill() {
        assertThat(query("signcustomer", "2026-11-29")).containsEntry("sub_code", "isp.bill_not_exist");
        assertThat(query("trade", "2026-10")).containsEntry("sub_code", "isp.bill_not_exist");
        assertThat(query("fund", "2026-11-29")).containsEntry("sub_code", "isv.invalid-arguments");
        assertThat(query("trade", "2026-11-31")).containsEntry("sub_code", "isv.invalid-arguments");
    }

    @Test
    void givenAUrl_whenDownloadedWithinItsLifeAndAfter_thenTheBillThenTheExpiredPage() {
        // Given a URL
        String url = query("trade", "2026-11-29").get("bill_download_url");
        String token = url.substring(url.indexOf("token=") + 6);

        // When it is downloaded twice within 30 s, then 30 s after it was issued
        AlipayBillFiles.Served first = desk.download(token);
        clock.advance(Duration.ofSeconds(29));
        AlipayBillFiles.Served second = desk.download(token);
        clock.advance(Duration.ofSeconds(1));
        AlipayBillFiles.Served expired = desk.download(token);

        // Then the bill twice, then a 404 page; an unknown token is the same page
        assertThat(first.status()).isEqualTo(200);
        assertThat(first.contentType()).isEqualTo("application/zip");
        assertThat(second.status()).isEqualTo(200);
        assertThat(expired.status()).isEqualTo(404);
        assertThat(new String(AlipayBillFixtures.bytes(expired), StandardCharsets.UTF_8)).contains("下载链接已过期");
        assertThat(desk.download("unknown").status()).isEqualTo(404);
    }

    @Test
    void givenNothingArmed_whenDownloaded_thenTheDaysSettlementsOfTheAppAreListedInTimeOrder() {
        settleTheDay();

        List<String> detail = detail(DAY);

        assertThat(tradeIds(detail)).containsExactly("T1", "T1", "T2");
        assertThat(detail).contains("#交易合计：2笔，商家实收共36.80元，商家优惠共0.00元", "#退款合计：1笔，商家实收退款共-10.00元，商家优惠退款共0.00元");
        assertThat(download(DAY).fileName()).contains(AlipayBillCsv.stem(APP, DAY) + ".csv.zip");
    }

    @Test
    void givenAFeeSettlement_whenDownloaded_thenItIsNoRowOfAlipaysBill() {
        book.record(
                Settlement.fee(Channel.ALIPAY, APP, "FEE-1", 50, "CNY", AlipayBillFixtures.at("2026-11-29T09:00:00")));

        assertThat(tradeIds(detail(DAY))).isEmpty();
    }

    @Test
    void givenSummaryNoRows_whenDownloaded_thenTheFooterOfTheDayAndNoRow() {
        settleTheDay();
        scenarios.arm(Channel.ALIPAY, APP, DAY, BillScenario.SUMMARY_NO_ROWS, 0);

        List<String> detail = detail(DAY);

        assertThat(tradeIds(detail)).isEmpty();
        assertThat(detail).contains("#交易合计：2笔，商家实收共36.80元，商家优惠共0.00元");
    }

    @Test
    void givenSummaryDisagrees_whenDownloaded_thenTheRowsAndAFooterOneTradeAndOneYuanMore() {
        settleTheDay();
        scenarios.arm(Channel.ALIPAY, APP, DAY, BillScenario.SUMMARY_DISAGREES, 0);

        List<String> detail = detail(DAY);

        assertThat(tradeIds(detail)).containsExactly("T1", "T1", "T2");
        assertThat(detail).contains("#交易合计：3笔，商家实收共37.80元，商家优惠共0.00元");
    }

    @Test
    void givenDrop95_whenDownloaded_thenEveryTwentiethSettlementWithAFooterThatAgrees() {
        // Given 41 payments of 1.00
        for (int i = 0; i < 41; i++) {
            book.record(payment("D" + i, "PP-D" + i, 100, 1, "2026-11-29T10:%02d:00".formatted(i)));
        }
        scenarios.arm(Channel.ALIPAY, APP, DAY, BillScenario.DROP_95, 0);

        List<String> detail = detail(DAY);

        assertThat(tradeIds(detail)).containsExactly("D0", "D20", "D40");
        assertThat(detail).contains("#交易合计：3笔，商家实收共3.00元，商家优惠共0.00元");
    }

    @Test
    void givenNoSummary_whenDownloaded_thenTheRowsWithoutFooterOrSummaryFile() {
        settleTheDay();
        scenarios.arm(Channel.ALIPAY, APP, DAY, BillScenario.NO_SUMMARY, 0);

        Map<String, List<String>> files = AlipayBillFixtures.files(AlipayBillFixtures.bytes(download(DAY)));

        assertThat(files.keySet()).containsExactly(DETAIL);
        assertThat(tradeIds(files.get(DETAIL))).hasSize(3);
        assertThat(files.get(DETAIL)).last().isEqualTo(AlipayBillCsv.LIST_END);
    }

    @Test
    void givenTruncated_whenDownloaded_thenTheFirstHalfOfTheCompleteZip() {
        // Given the complete day's zip
        settleTheDay();
        byte[] complete = AlipayBillFixtures.bytes(download(DAY));
        scenarios.arm(Channel.ALIPAY, APP, DAY, BillScenario.TRUNCATED, 0);

        // When the truncated day is downloaded
        AlipayBillFiles.Served cut = download(DAY);

        // Then its length and bytes are the complete zip's first half
        assertThat(cut.length()).isEqualTo(complete.length / 2);
        assertThat(AlipayBillFixtures.bytes(cut)).isEqualTo(Arrays.copyOf(complete, complete.length / 2));
    }

    @Test
    void givenOtherDay_whenDownloaded_thenThePreviousDaysBillWithItsDates() {
        settleTheDay();
        scenarios.arm(Channel.ALIPAY, APP, DAY, BillScenario.OTHER_DAY, 0);

        Map<String, List<String>> files = AlipayBillFixtures.files(AlipayBillFixtures.bytes(download(DAY)));

        String before = AlipayBillCsv.stem(APP, DAY.minusDays(1)) + "_业务明细.csv";
        assertThat(files).containsKey(before).doesNotContainKey(DETAIL);
        assertThat(files.get(before)).contains("#起始日期：[2026年11月28日 00:00:00]   终止日期：[2026年11月29日 00:00:00]");
        assertThat(tradeIds(files.get(before))).containsExactly("T0");
    }

    @Test
    void givenGenerated_whenDownloaded_thenTheGeneratedRowsAndAFooterThatAgrees() {
        scenarios.arm(Channel.ALIPAY, APP, DAY, BillScenario.GENERATED, 1_000);

        List<String> detail = detail(DAY);

        assertThat(tradeIds(detail)).hasSize(1_000).startsWith("GEN20261129000000000").endsWith("GEN20261129000000999");
        // 1,000 x 1.00 + (0 + 1 + ... + 999) fen = 1,000.00 + 4,995.00
        assertThat(detail).contains("#交易合计：1000笔，商家实收共5995.00元，商家优惠共0.00元");
    }

    @Test
    void givenErrorPageOrErrorJson_whenDownloaded_thenA200PageInsteadOfTheFile() {
        scenarios.arm(Channel.ALIPAY, APP, DAY, BillScenario.ERROR_PAGE, 0);
        AlipayBillFiles.Served page = download(DAY);
        scenarios.arm(Channel.ALIPAY, APP, DAY, BillScenario.ERROR_JSON, 0);
        AlipayBillFiles.Served json = download(DAY);

        assertThat(page.status()).isEqualTo(200);
        assertThat(page.contentType()).startsWith("text/html");
        assertThat(new String(AlipayBillFixtures.bytes(page), StandardCharsets.UTF_8)).startsWith("<html>")
            .contains("系统繁忙");
        assertThat(json.status()).isEqualTo(200);
        assertThat(json.contentType()).startsWith("application/json");
        assertThat(new String(AlipayBillFixtures.bytes(json), StandardCharsets.UTF_8))
            .startsWith("{\"code\":\"SYSTEM_ERROR\"");
    }

}
