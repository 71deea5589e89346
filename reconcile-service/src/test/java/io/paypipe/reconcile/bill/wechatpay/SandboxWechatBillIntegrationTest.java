package io.paypipe.reconcile.bill.wechatpay;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.channel.Merchants;
import io.paypipe.channel.bill.BillFetch;
import io.paypipe.channel.bill.BillFile;
import io.paypipe.channel.bill.BillRequest;
import io.paypipe.channel.bill.WechatPayBillDownloads;
import io.paypipe.channel.wechatpay.WechatPayEndpoint;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.core.money.Money;
import io.paypipe.reconcile.bill.BillFormatException;
import io.paypipe.reconcile.bill.BillLine;
import io.paypipe.reconcile.bill.BillLine.Kind;
import io.paypipe.reconcile.bill.ParsedBill;
import io.paypipe.reconcile.bill.guard.BillDay;
import io.paypipe.reconcile.bill.guard.BillGuards;
import io.paypipe.reconcile.bill.guard.Guard;
import io.paypipe.reconcile.bill.guard.GuardSettings;
import io.paypipe.reconcile.bill.guard.LineTotals;
import io.paypipe.reconcile.bill.guard.Reason;
import io.paypipe.reconcile.bill.guard.Verdict;
import io.paypipe.reconcile.support.QuerySandbox;
import io.paypipe.sandbox.wechatpay.PaymentSpec;
import io.paypipe.sandbox.wechatpay.WechatPaySandboxMerchant;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The sandbox's WeChat Pay, channel-clients' {@link WechatPayBillDownloads} and
 * {@link WechatBillParser} agree: the ALL trade bill of what the sandbox paid and
 * refunded on a day, fetched as WeChat serves it (signed step 1, gzip download, SHA-1
 * checked), parses to those payments and refunds to the fen and passes the guards; each
 * armed bill scenario gets the verdict it is there to provoke. Days are 2024's, one per
 * test, so nothing else the sandbox pays lands in them.
 */
class SandboxWechatBillIntegrationTest {

    private static final QuerySandbox SANDBOX = QuerySandbox.get();

    private static final String MERCHANT = QuerySandbox.WECHAT_D;

    private static final ZoneId BEIJING = ZoneId.of("Asia/Shanghai");

    private static final String BASE_URL = SANDBOX.reconcileProperties().get("reconcile.wechatpay.base-url");

    private static final WechatPayBillDownloads BILLS = new WechatPayBillDownloads(
            new Merchants(MerchantsFile.read(Path.of(SANDBOX.reconcileProperties().get("reconcile.merchants-file")))),
            new WechatPayEndpoint(URI.create(BASE_URL), Duration.ofSeconds(10)));

    private static final BillGuards GUARDS = new BillGuards(GuardSettings.defaults());

    private final HttpClient http = HttpClient.newHttpClient();

    @AfterAll
    static void closeClient() {
        BILLS.close();
    }

    @Test
    void givenPaymentsAndARefundOfADay_whenTheBillIsFetchedAndParsed_thenItsLinesAreThemToTheFenAndItIsClean()
            throws Exception {
        // Given 12.34 paid at 09:30, 100.00 paid at 23:59:58 Beijing, 5.00 refunded at
        // 14:00
        LocalDate day = LocalDate.of(2024, 2, 1);
        PaymentSpec morning = payAt(1_234, day, "09:30:00");
        PaymentSpec lastSecond = payAt(10_000, day, "23:59:58");
        settle("REFUND", morning.outTradeNo(), morning.transactionId(), "RF-" + unique(), "503" + unique(), 500,
                at(day, "14:00:00"));
        payAt(700, day.plusDays(1), "00:00:02");

        // When its bill is fetched, parsed and guarded
        Outcome outcome = reconcile(day, OptionalLong.empty());

        // Then the lines are the two payments and the refund, fees at 0.6 %, and clean
        assertThat(outcome.verdict()).isEqualTo(new Verdict.Clean());
        assertThat(outcome.lines()).hasSize(3);
        assertThat(outcome.line(morning.transactionId(), Kind.PAYMENT)).satisfies(l -> {
            assertThat(l.merchantId()).isEqualTo(MERCHANT);
            assertThat(l.outTradeNo()).contains(morning.outTradeNo());
            assertThat(l.amount()).isEqualTo(cny(1_234));
            assertThat(l.fee()).as("7.404 fen").isEqualTo(cny(7));
            assertThat(l.occurredAt()).isEqualTo(at(day, "09:30:00"));
            assertThat(l.channelState()).isEqualTo("SUCCESS");
        });
        assertThat(outcome.line(lastSecond.transactionId(), Kind.PAYMENT)).satisfies(l -> {
            assertThat(l.amount()).isEqualTo(cny(10_000));
            assertThat(l.fee()).isEqualTo(cny(60));
            assertThat(l.occurredAt()).isEqualTo(at(day, "23:59:58"));
        });
        assertThat(outcome.line(morning.transactionId(), Kind.REFUND)).satisfies(l -> {
            assertThat(l.refundNo()).hasValueSatisfying(no -> assertThat(no).startsWith("RF-"));
            assertThat(l.channelRefundId()).hasValueSatisfying(id -> assertThat(id).startsWith("503"));
            assertThat(l.amount()).isEqualTo(cny(500));
            assertThat(l.fee()).isEqualTo(cny(0));
            assertThat(l.occurredAt()).isEqualTo(at(day, "14:00:00"));
        });
    }

    @Test
    void givenADayWithoutSettlements_whenReconciled_thenItIsAnEmptyDay() throws Exception {
        assertThat(reconcile(LocalDate.of(2024, 2, 2), OptionalLong.empty()).verdict())
            .isEqualTo(new Verdict.EmptyDay());
    }

    @Test
    void givenASummaryWithoutRows_whenReconciled_thenRowsAreMissing() throws Exception {
        LocalDate day = dayOfTwoPayments(LocalDate.of(2024, 2, 3), "SUMMARY_NO_ROWS");

        assertThat(guards(reconcile(day, OptionalLong.empty()))).contains(Guard.ROWS_MISSING);
    }

    @Test
    void givenASummaryThatDisagrees_whenReconciled_thenCountAndTotalMismatch() throws Exception {
        LocalDate day = dayOfTwoPayments(LocalDate.of(2024, 2, 4), "SUMMARY_DISAGREES");

        assertThat(guards(reconcile(day, OptionalLong.empty()))).containsExactlyInAnyOrder(Guard.COUNT_MISMATCH,
                Guard.TOTAL_MISMATCH);
    }

    @Test
    void givenADayAfterA95PercentDrop_whenReconciledAgainstTheFullDay_thenItIsADrop() throws Exception {
        LocalDate day = LocalDate.of(2024, 2, 5);
        for (int i = 0; i < 20; i++) {
            settle("PAYMENT", "ORD-" + unique(), "4200" + unique(), null, null, 100 + i,
                    at(day, "10:%02d:00".formatted(i)));
        }
        arm(day, "DROP_95", 0);

        Outcome outcome = reconcile(day, OptionalLong.of(20));

        assertThat(outcome.lines()).hasSize(1);
        assertThat(guards(outcome)).containsExactly(Guard.DROP);
    }

    @Test
    void givenNoSummary_whenReconciled_thenItIsBlockedForIt() throws Exception {
        LocalDate day = dayOfTwoPayments(LocalDate.of(2024, 2, 6), "NO_SUMMARY");

        assertThat(guards(reconcile(day, OptionalLong.empty()))).containsExactly(Guard.NO_SUMMARY);
    }

    @Test
    void givenAnErrorPageAJsonErrorOrACutGzip_whenReconciled_thenEachIsUnreadable() throws Exception {
        LocalDate page = dayOfTwoPayments(LocalDate.of(2024, 2, 7), "ERROR_PAGE");
        LocalDate json = dayOfTwoPayments(LocalDate.of(2024, 2, 8), "ERROR_JSON");
        LocalDate cut = dayOfTwoPayments(LocalDate.of(2024, 2, 9), "TRUNCATED");

        assertThat(guards(reconcile(page, OptionalLong.empty()))).containsExactly(Guard.UNREADABLE);
        assertThat(guards(reconcile(json, OptionalLong.empty()))).containsExactly(Guard.UNREADABLE);
        assertThat(guards(reconcile(cut, OptionalLong.empty()))).containsExactly(Guard.UNREADABLE);
    }

    @Test
    void givenTheBillOfTheDayBefore_whenReconciled_thenItIsTheWrongDay() throws Exception {
        LocalDate day = LocalDate.of(2024, 2, 11);
        dayOfTwoPayments(day.minusDays(1), "COMPLETE");
        arm(day, "OTHER_DAY", 0);

        assertThat(guards(reconcile(day, OptionalLong.empty()))).containsExactly(Guard.WRONG_DAY);
    }

    @Test
    void givenAGeneratedDay_whenReconciled_thenItsLinesAreAllReadAndItIsClean() throws Exception {
        LocalDate day = LocalDate.of(2024, 2, 12);
        arm(day, "GENERATED", 500);

        Outcome outcome = reconcile(day, OptionalLong.empty());

        assertThat(outcome.verdict()).isEqualTo(new Verdict.Clean());
        assertThat(outcome.lines()).hasSize(500).allSatisfy(l -> assertThat(l.kind()).isEqualTo(Kind.PAYMENT));
        assertThat(outcome.lines().get(499).channelTradeNo()).isEqualTo("GEN20240212000000499");
        assertThat(outcome.lines().get(499).amount()).isEqualTo(cny(599));
    }

    /** Fetches, parses and guards the day's bill as a reconciliation batch would. */
    private Outcome reconcile(LocalDate day, OptionalLong comparableDayLines) throws IOException {
        BillFetch fetch = BILLS.fetch(new BillRequest(MerchantId.of(MERCHANT), Optional.empty(), day));
        assertThat(fetch).isInstanceOf(BillFetch.Ready.class);
        List<BillLine> lines = new ArrayList<>();
        LineTotals totals = GUARDS.lineTotals(new BillDay(Channel.WECHATPAY, day), lines::add);
        try (BillFile file = ((BillFetch.Ready) fetch).file()) {
            ParsedBill parsed = new WechatBillParser().parse(file.body(), totals, file.sha1Hex());
            return new Outcome(GUARDS.decide(parsed, totals, comparableDayLines, false), lines);
        }
        catch (BillFormatException e) {
            return new Outcome(BillGuards.unreadable(e), lines);
        }
    }

    private static List<Guard> guards(Outcome outcome) {
        assertThat(outcome.verdict()).isInstanceOf(Verdict.Blocked.class);
        return ((Verdict.Blocked) outcome.verdict()).reasons().stream().map(Reason::guard).distinct().toList();
    }

    /** Two payments of the day (1.00 and 2.00), then {@code scenario} armed for it. */
    private LocalDate dayOfTwoPayments(LocalDate day, String scenario) throws Exception {
        payAt(100, day, "09:00:00");
        payAt(200, day, "10:00:00");
        arm(day, scenario, 0);
        return day;
    }

    private static PaymentSpec payAt(long fen, LocalDate day, String beijingTime) {
        WechatPaySandboxMerchant merchant = SANDBOX.wechatpay().merchants().wechatPay(MERCHANT);
        PaymentSpec spec = PaymentSpec.success(merchant, "BILL-" + unique(), fen).withSuccessTime(at(day, beijingTime));
        return SANDBOX.wechatpay().push(spec, 1).spec();
    }

    /** A settlement recorded through the sandbox's bill endpoint (fee at the rate). */
    private void settle(String kind, String outTradeNo, String tradeNo, String refundNo, String refundId, long minor,
            Instant at) throws Exception {
        post("/sandbox/bills/settlements",
                "{\"channel\":\"wechatpay\",\"merchantId\":\"" + MERCHANT + "\",\"kind\":\"" + kind
                        + "\",\"outTradeNo\":\"" + outTradeNo + "\",\"channelTradeNo\":\"" + tradeNo + "\","
                        + (refundNo == null ? ""
                                : "\"refundNo\":\"" + refundNo + "\",\"channelRefundId\":\"" + refundId + "\",")
                        + "\"amountMinor\":" + minor + ",\"currency\":\"CNY\",\"at\":\"" + at + "\"}");
    }

    private void arm(LocalDate day, String scenario, long generatedLines) throws Exception {
        post("/sandbox/bills/scenarios", "{\"channel\":\"wechatpay\",\"merchantId\":\"" + MERCHANT + "\",\"day\":\""
                + day + "\",\"scenario\":\"" + scenario + "\",\"generatedLines\":" + generatedLines + "}");
    }

    private void post(String path, String json) throws Exception {
        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create(BASE_URL + path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
    }

    private static Instant at(LocalDate day, String beijingTime) {
        return day.atTime(LocalTime.parse(beijingTime)).atZone(BEIJING).toInstant();
    }

    private static Money cny(long minor) {
        return Money.of(minor, "CNY");
    }

    private static String unique() {
        return UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    }

    private record Outcome(Verdict verdict, List<BillLine> lines) {

        BillLine line(String channelTradeNo, Kind kind) {
            return lines.stream()
                .filter(l -> l.channelTradeNo().equals(channelTradeNo) && l.kind() == kind)
                .findFirst()
                .orElseThrow();
        }

    }

}
