package io.paypipe.reconcile.bill.alipay;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.channel.Merchants;
import io.paypipe.channel.alipay.AlipayEndpoint;
import io.paypipe.channel.bill.AlipayBillDownloads;
import io.paypipe.channel.bill.BillFetch;
import io.paypipe.channel.bill.BillFile;
import io.paypipe.channel.bill.BillRequest;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.core.money.Money;
import io.paypipe.reconcile.bill.BillFormatException;
import io.paypipe.reconcile.bill.BillLine;
import io.paypipe.reconcile.bill.BillSummary;
import io.paypipe.reconcile.bill.ParsedBill;
import io.paypipe.reconcile.bill.guard.BillDay;
import io.paypipe.reconcile.bill.guard.BillGuards;
import io.paypipe.reconcile.bill.guard.Guard;
import io.paypipe.reconcile.bill.guard.GuardSettings;
import io.paypipe.reconcile.bill.guard.LineTotals;
import io.paypipe.reconcile.bill.guard.Reason;
import io.paypipe.reconcile.bill.guard.Verdict;
import io.paypipe.reconcile.support.QuerySandbox;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The sandbox's Alipay, channel-clients' {@link AlipayBillDownloads}, the
 * {@link AlipayBillParser} and the {@link BillGuards} agree: the bill the sandbox serves
 * for what it settled (set through its control endpoints, each test on a day of its own)
 * is fetched with the signed gateway call, parsed line for line, and judged as each
 * {@code BillScenario} means it to be.
 */
class SandboxAlipayBillIntegrationTest {

    private static final String APP = "2021000100000001";

    private static final ZoneId BEIJING = ZoneId.of("Asia/Shanghai");

    private static final QuerySandbox SANDBOX = QuerySandbox.get();

    private static final Map<String, String> PROPERTIES = SANDBOX.reconcileProperties();

    private static final String BASE_URL = PROPERTIES.get("reconcile.wechatpay.base-url");

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private static final AlipayBillDownloads BILLS = new AlipayBillDownloads(
            new Merchants(MerchantsFile.read(Path.of(PROPERTIES.get("reconcile.merchants-file")))), new AlipayEndpoint(
                    PROPERTIES.get("reconcile.alipay.gateway-url"), Duration.ofSeconds(3), Duration.ofSeconds(10)));

    private final BillGuards guards = new BillGuards(GuardSettings.defaults());

    /** What the reconciliation of one fetched bill found. */
    private record Read(Verdict verdict, List<BillLine> lines, Optional<ParsedBill> parsed) {

        List<Guard> guards() {
            return (verdict instanceof Verdict.Blocked blocked) ? blocked.reasons().stream().map(Reason::guard).toList()
                    : List.of();
        }

    }

    private Read reconcile(LocalDate day, OptionalLong comparableDayLines) throws IOException {
        BillFetch fetched = BILLS.fetch(new BillRequest(MerchantId.of(APP), Optional.empty(), day));
        assertThat(fetched).as("the fetch of " + day).isInstanceOf(BillFetch.Ready.class);
        List<BillLine> lines = new ArrayList<>();
        LineTotals totals = guards.lineTotals(new BillDay(Channel.ALIPAY, day), lines::add);
        try (BillFile file = ((BillFetch.Ready) fetched).file()) {
            ParsedBill parsed = new AlipayBillParser(APP).parse(file.body(), totals);
            return new Read(guards.decide(parsed, totals, comparableDayLines, false), lines, Optional.of(parsed));
        }
        catch (BillFormatException unreadable) {
            return new Read(BillGuards.unreadable(unreadable), lines, Optional.empty());
        }
    }

    private Read reconcile(LocalDate day) throws IOException {
        return reconcile(day, OptionalLong.empty());
    }

    /** A day's settlements: three payments (one at 23:59:58) and a refund. */
    private static void settleADay(LocalDate day, String prefix) {
        settle("PAYMENT", prefix + "01", "PP-" + prefix + "-1", null, 3_580, day.atTime(10, 15, 2));
        settle("PAYMENT", prefix + "02", "PP-" + prefix + "-2", null, 100, day.atTime(23, 59, 58));
        settle("REFUND", prefix + "01", "PP-" + prefix + "-1", "RF-" + prefix + "-1", 1_000, day.atTime(18, 30));
        settle("PAYMENT", prefix + "03", "PP-" + prefix + "-3", null, 9_500, day.atTime(12, 0, 7));
    }

    private static Instant beijing(LocalDateTime local) {
        return local.atZone(BEIJING).toInstant();
    }

    private static Money cny(long fen) {
        return Money.of(fen, "CNY");
    }

    @Test
    void givenACompleteDay_whenReconciled_thenEveryLineIsReadExactlyAndTheBillIsClean() throws IOException {
        // Given three payments and a refund of the app on 2022-01-10
        LocalDate day = LocalDate.of(2022, 1, 10);
        settleADay(day, "2022011022001400000000000");

        // When the day's bill is fetched, parsed and judged
        Read read = reconcile(day);

        // Then it is clean, each line exact (in time order; fees at 0.6 % HALF_UP; the
        // refund with its out_request_no and no refund id)
        assertThat(read.verdict()).isEqualTo(new Verdict.Clean());
        String no = "2022011022001400000000000";
        assertThat(read.lines()).containsExactly(
                new BillLine(6, Channel.ALIPAY, BillLine.Kind.PAYMENT, APP, no + "01", Optional.of("PP-" + no + "-1"),
                        Optional.empty(), Optional.empty(), cny(3_580), cny(21), beijing(day.atTime(10, 15, 2)), "交易"),
                new BillLine(7, Channel.ALIPAY, BillLine.Kind.PAYMENT, APP, no + "03", Optional.of("PP-" + no + "-3"),
                        Optional.empty(), Optional.empty(), cny(9_500), cny(57), beijing(day.atTime(12, 0, 7)), "交易"),
                new BillLine(8, Channel.ALIPAY, BillLine.Kind.REFUND, APP, no + "01", Optional.of("PP-" + no + "-1"),
                        Optional.empty(), Optional.of("RF-" + no + "-1"), cny(1_000), cny(0),
                        beijing(day.atTime(18, 30)), "退款"),
                new BillLine(9, Channel.ALIPAY, BillLine.Kind.PAYMENT, APP, no + "02", Optional.of("PP-" + no + "-2"),
                        Optional.empty(), Optional.empty(), cny(100), cny(1), beijing(day.atTime(23, 59, 58)), "交易"));
        assertThat(read.parsed()).flatMap(ParsedBill::summary)
            .contains(new BillSummary(4, Optional.of(cny(13_180)), Optional.of(cny(1_000)), Optional.empty()));
    }

    @Test
    void givenADayWithoutSettlements_whenReconciled_thenItIsAnEmptyDay() throws IOException {
        Read read = reconcile(LocalDate.of(2022, 1, 11));

        assertThat(read.verdict()).isEqualTo(new Verdict.EmptyDay());
        assertThat(read.parsed()).flatMap(ParsedBill::summary).map(BillSummary::lines).contains(0L);
    }

    @Test
    void givenASummaryWithoutRows_whenReconciled_thenRowsMissingAndItsTotalsMismatch() throws IOException {
        LocalDate day = LocalDate.of(2022, 1, 12);
        settleADay(day, "2022011222001400000000000");
        arm(day, "SUMMARY_NO_ROWS", 0);

        Read read = reconcile(day);

        // (the footer's paid and refunded totals are not the empty lines' either)
        assertThat(read.lines()).isEmpty();
        assertThat(read.guards()).containsExactly(Guard.ROWS_MISSING, Guard.TOTAL_MISMATCH, Guard.TOTAL_MISMATCH);
    }

    @Test
    void givenASummaryThatDisagrees_whenReconciled_thenCountAndTotalMismatch() throws IOException {
        LocalDate day = LocalDate.of(2022, 1, 13);
        settleADay(day, "2022011322001400000000000");
        arm(day, "SUMMARY_DISAGREES", 0);

        Read read = reconcile(day);

        assertThat(read.lines()).hasSize(4);
        assertThat(read.guards()).containsExactlyInAnyOrder(Guard.COUNT_MISMATCH, Guard.TOTAL_MISMATCH);
    }

    @Test
    void givenADayAfterA95PercentDrop_whenReconciledAgainstItsComparableDay_thenDrop() throws IOException {
        // Given 40 payments, of which the bill lists every twentieth
        LocalDate day = LocalDate.of(2022, 1, 14);
        for (int i = 0; i < 40; i++) {
            settle("PAYMENT", "20220114220014" + "%014d".formatted(i), "PP-DROP-" + i, null, 200,
                    day.atTime(9, 0).plusMinutes(i));
        }
        arm(day, "DROP_95", 0);

        // When it is judged against a comparable day of 40 lines
        Read read = reconcile(day, OptionalLong.of(40));

        // Then 2 lines against 40: a drop a person must confirm
        assertThat(read.lines()).hasSize(2);
        assertThat(read.guards()).containsExactly(Guard.DROP);
    }

    @Test
    void givenABillWithoutItsFooter_whenReconciled_thenNoSummary() throws IOException {
        LocalDate day = LocalDate.of(2022, 1, 15);
        settleADay(day, "2022011522001400000000000");
        arm(day, "NO_SUMMARY", 0);

        Read read = reconcile(day);

        assertThat(read.lines()).hasSize(4);
        assertThat(read.guards()).containsExactly(Guard.NO_SUMMARY);
    }

    @Test
    void givenAnErrorPageAJsonErrorOrACutZip_whenReconciled_thenEachIsUnreadable() throws IOException {
        // Given three days: an HTML page, a JSON error, the zip cut in half
        LocalDate page = LocalDate.of(2022, 1, 16);
        LocalDate json = LocalDate.of(2022, 1, 17);
        LocalDate cut = LocalDate.of(2022, 1, 18);
        settleADay(cut, "2022011822001400000000000");
        arm(page, "ERROR_PAGE", 0);
        arm(json, "ERROR_JSON", 0);
        arm(cut, "TRUNCATED", 0);

        // When each is reconciled
        // Then the parser refuses each: unreadable
        assertThat(reconcile(page).guards()).containsExactly(Guard.UNREADABLE);
        assertThat(reconcile(json).guards()).containsExactly(Guard.UNREADABLE);
        assertThat(reconcile(cut).guards()).containsExactly(Guard.UNREADABLE);
    }

    @Test
    void givenThePreviousDaysBillServedForTheDay_whenReconciled_thenWrongDay() throws IOException {
        // Given settlements on 2022-01-19 and the bill of 2022-01-20 armed to be that
        // day's
        LocalDate day = LocalDate.of(2022, 1, 20);
        settleADay(day.minusDays(1), "2022011922001400000000000");
        arm(day, "OTHER_DAY", 0);

        Read read = reconcile(day);

        assertThat(read.lines()).hasSize(4);
        assertThat(read.guards()).containsExactly(Guard.WRONG_DAY);
    }

    @Test
    void givenAGeneratedDayOf500Lines_whenReconciled_thenCleanWithEveryLine() throws IOException {
        LocalDate day = LocalDate.of(2022, 1, 21);
        arm(day, "GENERATED", 500);

        Read read = reconcile(day);

        assertThat(read.verdict()).isEqualTo(new Verdict.Clean());
        assertThat(read.lines()).hasSize(500);
        assertThat(read.lines().getLast().channelTradeNo()).isEqualTo("GEN20220121000000499");
        assertThat(read.lines().getLast().outTradeNo()).contains("GENO20220121000000499");
        // 500 x 1.00 + (0 + 1 + ... + 499) fen
        assertThat(read.parsed()).flatMap(ParsedBill::summary)
            .flatMap(BillSummary::paid)
            .contains(cny(500 * 100 + 499 * 500 / 2));
    }

    @Test
    void givenRealOrdersPaidAndRefundedToday_whenReconciled_thenTheBillIsNotReadyUntilTheDayIsOverInBeijing() {
        // Given an order Alipay is paid now, and a refund of it made in Alipay's console
        String tradeNo = postJson("/sandbox/alipay/payments",
                "{\"appId\":\"" + APP + "\",\"outTradeNo\":\"PP-TODAY-" + System.nanoTime() + "\",\"totalFen\":1000}",
                202)
            .replaceAll(".*\"tradeNo\":\"([0-9]+)\".*", "$1");
        postJson("/sandbox/alipay/console-refunds", "{\"tradeNo\":\"" + tradeNo + "\",\"refundFen\":300}", 202);

        // When today's bill is asked for
        BillFetch fetched = BILLS.fetch(new BillRequest(MerchantId.of(APP), Optional.empty(), LocalDate.now(BEIJING)));

        // Then Alipay has no bill of a day that is not over
        assertThat(fetched).isEqualTo(new BillFetch.NotReady("isp.bill_not_exist", "账单不存在"));
    }

    private static void settle(String kind, String tradeNo, String outTradeNo, String refundNo, long fen,
            LocalDateTime beijing) {
        postJson("/sandbox/bills/settlements",
                "{\"channel\":\"alipay\",\"merchantId\":\"" + APP + "\",\"kind\":\"" + kind + "\",\"outTradeNo\":\""
                        + outTradeNo + "\",\"channelTradeNo\":\"" + tradeNo + "\","
                        + ((refundNo == null) ? "" : "\"refundNo\":\"" + refundNo + "\",") + "\"amountMinor\":" + fen
                        + ",\"currency\":\"CNY\",\"at\":\"" + beijing(beijing) + "\"}",
                201);
    }

    private static void arm(LocalDate day, String scenario, long generatedLines) {
        postJson("/sandbox/bills/scenarios", "{\"channel\":\"alipay\",\"merchantId\":\"" + APP + "\",\"day\":\"" + day
                + "\",\"scenario\":\"" + scenario + "\",\"generatedLines\":" + generatedLines + "}", 201);
    }

    private static String postJson(String path, String json, int expectedStatus) {
        try {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(BASE_URL + path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json))
                .build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(response.body()).isEqualTo(expectedStatus);
            return response.body();
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

}
