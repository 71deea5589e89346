package io.paypipe.reconcile.bill.stripe;

import static io.paypipe.reconcile.bill.stripe.StripeBillSandbox.ACCOUNT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.stripe.StripeClient;
import com.stripe.param.RefundCreateParams;
import io.paypipe.channel.bill.BillFetch;
import io.paypipe.channel.bill.BillFile;
import io.paypipe.channel.bill.BillRequest;
import io.paypipe.channel.bill.StripeBillDownloads;
import io.paypipe.channel.stripe.StripeEndpoint;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.money.Money;
import io.paypipe.reconcile.bill.BillFormatException;
import io.paypipe.reconcile.bill.BillLine;
import io.paypipe.reconcile.bill.BillLine.Kind;
import io.paypipe.reconcile.bill.BillSummary;
import io.paypipe.reconcile.bill.ParsedBill;
import io.paypipe.reconcile.bill.guard.BillDay;
import io.paypipe.reconcile.bill.guard.BillGuards;
import io.paypipe.reconcile.bill.guard.Guard;
import io.paypipe.reconcile.bill.guard.GuardSettings;
import io.paypipe.reconcile.bill.guard.LineTotals;
import io.paypipe.reconcile.bill.guard.Reason;
import io.paypipe.reconcile.bill.guard.Verdict;
import io.paypipe.sandbox.bill.BillScenario;
import io.paypipe.sandbox.bill.Settlement;
import io.paypipe.sandbox.stripe.PaymentIntentSpec;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The sandbox's Stripe, the channel client and the parsers agree: PaymentIntents paid and
 * refunded at the sandbox (its clock standing on a past day) come back in that day's
 * reports, fetched by {@link StripeBillDownloads}, read by {@link StripeSummaryParser}
 * and {@link StripeBillParser}, judged by {@link BillGuards}: the complete day is clean
 * with exact lines, and every bill scenario gets the verdict its guard exists for. Every
 * test has a day of its own.
 */
class SandboxStripeBillIntegrationTest {

    private static final StripeBillSandbox SANDBOX = StripeBillSandbox.get();

    private static final StripeBillDownloads BILLS = new StripeBillDownloads(SANDBOX.merchants(),
            new StripeEndpoint(SANDBOX.apiBase(), Duration.ofSeconds(2), Duration.ofSeconds(30), 0),
            Duration.ofSeconds(10), Duration.ofMillis(20));

    private static final BillGuards GUARDS = new BillGuards(GuardSettings.defaults());

    /** A bill read to its end: the lines, what the parser said, the guards' verdict. */
    private record Read(List<BillLine> lines, ParsedBill bill, Verdict verdict) {

        List<Guard> guards() {
            return verdict instanceof Verdict.Blocked blocked ? blocked.reasons().stream().map(Reason::guard).toList()
                    : List.of();
        }

    }

    @Test
    void givenADayOfRealPaymentsRefundsAndAFeeWhenFetchedAndParsedThenCleanWithExactLines() throws Exception {
        // Given three PaymentIntents paid on 2026-11-10, one refunded through the API
        // (pending, then succeeded), one in the Dashboard, and a fee line of the day
        LocalDate day = LocalDate.parse("2026-11-10");
        at(day, "10:00:00");
        PaymentIntentSpec first = pay(10_010);
        at(day, "10:00:05");
        PaymentIntentSpec second = pay(2_000);
        at(day, "23:59:58");
        PaymentIntentSpec third = pay(555);
        at(day, "12:00:00");
        String refundId = client().v1()
            .refunds()
            .create(RefundCreateParams.builder()
                .setPaymentIntent(first.paymentIntentId())
                .setAmount(4_000L)
                .putMetadata("refund_no", "RF-1")
                .build())
            .getId();
        await().atMost(Duration.ofSeconds(10)).until(() -> settled(refundId));
        at(day, "13:00:00");
        SANDBOX.refunds().dashboardRefund(ACCOUNT, second.paymentIntentId(), 500);
        SANDBOX.settlements()
            .record(Settlement.fee(Channel.STRIPE, ACCOUNT, "fee_radar_1110", 250, "USD",
                    Instant.parse("2026-11-10T08:30:00Z")));

        // When the day is over and its bill is fetched and read
        Read read = read(day, OptionalLong.empty());

        // Then clean: three payments with Stripe's fees, two refunds, one fee line, in
        // time order, each exactly as the sandbox moved it
        assertThat(read.verdict()).isEqualTo(new Verdict.Clean());
        assertThat(read.bill().payments()).isEqualTo(3);
        assertThat(read.bill().refunds()).isEqualTo(2);
        assertThat(read.bill().fees()).isEqualTo(1);
        assertThat(read.bill().summary()).hasValue(
                new BillSummary(6, Optional.of(usd(12_565)), Optional.of(usd(4_500)), Optional.of(usd(320 + 88 + 46))));
        assertThat(read.lines()).extracting(BillLine::kind)
            .containsExactly(Kind.FEE, Kind.PAYMENT, Kind.PAYMENT, Kind.REFUND, Kind.REFUND, Kind.PAYMENT);
        BillLine paid = read.lines().get(1);
        assertThat(paid.channelTradeNo()).isEqualTo(first.paymentIntentId());
        assertThat(paid.outTradeNo()).hasValue(first.outTradeNo());
        assertThat(paid.merchantId()).isEqualTo(ACCOUNT);
        assertThat(paid.amount()).isEqualTo(usd(10_010));
        assertThat(paid.fee()).isEqualTo(usd(320));
        assertThat(paid.occurredAt()).isEqualTo(Instant.parse("2026-11-10T10:00:00Z"));
        BillLine refunded = read.lines().get(3);
        assertThat(refunded.channelTradeNo()).isEqualTo(first.paymentIntentId());
        assertThat(refunded.channelRefundId()).hasValue(refundId);
        assertThat(refunded.refundNo()).hasValue("RF-1");
        assertThat(refunded.outTradeNo()).hasValue(first.outTradeNo());
        assertThat(refunded.amount()).isEqualTo(usd(4_000));
        assertThat(refunded.fee()).isEqualTo(usd(0));
        BillLine dashboard = read.lines().get(4);
        assertThat(dashboard.channelTradeNo()).isEqualTo(second.paymentIntentId());
        assertThat(dashboard.refundNo()).isEmpty();
        assertThat(dashboard.amount()).isEqualTo(usd(500));
        assertThat(read.lines().get(5).channelTradeNo()).isEqualTo(third.paymentIntentId());
        assertThat(read.lines().get(5).fee()).isEqualTo(usd(46));
        assertThat(read.lines().get(5).occurredAt()).isEqualTo(Instant.parse("2026-11-10T23:59:58Z"));
        BillLine fee = read.lines().get(0);
        assertThat(fee.channelTradeNo()).isEqualTo("fee_radar_1110");
        assertThat(fee.amount()).isEqualTo(usd(250));
    }

    @Test
    void givenADayWithOnlyAFeeLineThenOneFeeLineAndClean() throws Exception {
        LocalDate day = LocalDate.parse("2026-11-11");
        SANDBOX.settlements()
            .record(Settlement.fee(Channel.STRIPE, ACCOUNT, "fee_1111", 1_999, "USD",
                    Instant.parse("2026-11-11T05:00:00Z")));

        Read read = read(day, OptionalLong.empty());

        assertThat(read.verdict()).isEqualTo(new Verdict.Clean());
        assertThat(read.lines()).singleElement().satisfies(line -> {
            assertThat(line.kind()).isEqualTo(Kind.FEE);
            assertThat(line.amount()).isEqualTo(usd(1_999));
        });
    }

    @Test
    void givenADayWithoutActivityThenAnEmptyDay() throws Exception {
        Read read = read(LocalDate.parse("2026-11-12"), OptionalLong.empty());

        assertThat(read.verdict()).isEqualTo(new Verdict.EmptyDay());
        assertThat(read.bill().summary()).hasValueSatisfying(s -> assertThat(s.lines()).isZero());
    }

    @Test
    void givenADayNotOverThenTheBillIsNotReady() {
        LocalDate today = LocalDate.parse("2026-11-13");
        at(today, "09:00:00");
        pay(1_000);

        BillFetch fetch = BILLS.fetch(new BillRequest(MerchantId.of(ACCOUNT), Optional.empty(), today));

        assertThat(fetch).isInstanceOfSatisfying(BillFetch.NotReady.class,
                n -> assertThat(n.code()).isEqualTo("data_not_available"));
    }

    @Test
    void givenASummaryWithoutRowsThenRowsMissing() throws Exception {
        LocalDate day = paidDay("2026-11-14", 3, BillScenario.SUMMARY_NO_ROWS, 0);

        Read read = read(day, OptionalLong.empty());

        assertThat(read.lines()).isEmpty();
        assertThat(read.guards()).contains(Guard.ROWS_MISSING).doesNotContain(Guard.COUNT_MISMATCH);
    }

    @Test
    void givenASummaryThatDisagreesThenCountAndTotalMismatch() throws Exception {
        LocalDate day = paidDay("2026-11-15", 3, BillScenario.SUMMARY_DISAGREES, 0);

        Read read = read(day, OptionalLong.empty());

        assertThat(read.lines()).hasSize(3);
        assertThat(read.guards()).containsExactlyInAnyOrder(Guard.COUNT_MISMATCH, Guard.TOTAL_MISMATCH);
    }

    @Test
    void givenA95PercentDropAgainstAComparableDayThenDrop() throws Exception {
        LocalDate day = paidDay("2026-11-16", 40, BillScenario.DROP_95, 0);

        Read read = read(day, OptionalLong.of(40));

        assertThat(read.lines()).hasSize(2);
        assertThat(read.guards()).containsExactly(Guard.DROP);
    }

    @Test
    void givenNoSummaryThenNoSummary() throws Exception {
        LocalDate day = paidDay("2026-11-17", 2, BillScenario.NO_SUMMARY, 0);

        Read read = read(day, OptionalLong.empty());

        assertThat(read.lines()).hasSize(2);
        assertThat(read.guards()).containsExactly(Guard.NO_SUMMARY);
    }

    @Test
    void givenAnErrorPageAJsonErrorOrACutFileThenUnreadable() throws Exception {
        LocalDate page = paidDay("2026-11-18", 2, BillScenario.ERROR_PAGE, 0);
        LocalDate json = paidDay("2026-11-19", 2, BillScenario.ERROR_JSON, 0);
        LocalDate cut = paidDay("2026-11-20", 6, BillScenario.TRUNCATED, 0);

        assertThat(read(page, OptionalLong.empty()).guards()).containsExactly(Guard.UNREADABLE);
        assertThat(read(json, OptionalLong.empty()).guards()).containsExactly(Guard.UNREADABLE);
        assertThat(read(cut, OptionalLong.empty()).guards()).containsExactly(Guard.UNREADABLE);
    }

    @Test
    void givenTheDayBeforesBillServedForTheDayThenWrongDay() throws Exception {
        paidDay("2026-11-21", 3, BillScenario.COMPLETE, 0);
        SANDBOX.scenarios().arm(Channel.STRIPE, ACCOUNT, LocalDate.parse("2026-11-22"), BillScenario.OTHER_DAY, 0);

        Read read = read(LocalDate.parse("2026-11-22"), OptionalLong.empty());

        assertThat(read.lines()).hasSize(3);
        assertThat(read.guards()).containsExactly(Guard.WRONG_DAY);
    }

    @Test
    void givenAGeneratedDayThenCleanWithEveryLine() throws Exception {
        LocalDate day = LocalDate.parse("2026-11-23");
        SANDBOX.scenarios().arm(Channel.STRIPE, ACCOUNT, day, BillScenario.GENERATED, 2_500);

        Read read = read(day, OptionalLong.of(2_400));

        assertThat(read.verdict()).isEqualTo(new Verdict.Clean());
        assertThat(read.bill().payments()).isEqualTo(2_500);
        assertThat(read.lines().get(7).channelTradeNo()).isEqualTo("GEN20261123000000007");
        assertThat(read.lines().get(7).amount()).isEqualTo(usd(107));
    }

    @Test
    void theClientRequestsExactlyTheColumnsTheParsersAccept() {
        assertThat(StripeBillDownloads.ITEMIZED_COLUMNS).isEqualTo(StripeBillParser.COLUMNS);
        assertThat(StripeBillDownloads.SUMMARY_COLUMNS).isEqualTo(StripeSummaryParser.COLUMNS);
    }

    /** Fetches, parses and judges the day's bill. */
    private static Read read(LocalDate day, OptionalLong comparableDayLines) throws IOException {
        SANDBOX.setClock(day.plusDays(1).atTime(12, 0).toInstant(ZoneOffset.UTC));
        BillFetch fetch = BILLS.fetch(new BillRequest(MerchantId.of(ACCOUNT), Optional.empty(), day));
        assertThat(fetch).isInstanceOf(BillFetch.Ready.class);
        List<BillLine> lines = new ArrayList<>();
        LineTotals totals = GUARDS.lineTotals(new BillDay(Channel.STRIPE, day), lines::add);
        try (BillFile file = ((BillFetch.Ready) fetch).file()) {
            Optional<BillSummary> summary = file.summary().isPresent()
                    ? Optional.of(new StripeSummaryParser("USD").parse(file.summary().get())) : Optional.empty();
            ParsedBill bill = new StripeBillParser(ACCOUNT, summary).parse(file.body(), totals);
            return new Read(lines, bill, GUARDS.decide(bill, totals, comparableDayLines, false));
        }
        catch (BillFormatException e) {
            return new Read(lines, new ParsedBill(0, 0, 0, Optional.empty()), BillGuards.unreadable(e));
        }
    }

    /** {@code payments} real payments on {@code day} from 10:00, the scenario armed. */
    private static LocalDate paidDay(String text, int payments, BillScenario scenario, long generated) {
        LocalDate day = LocalDate.parse(text);
        for (int i = 0; i < payments; i++) {
            SANDBOX.setClock(day.atTime(10, 0).toInstant(ZoneOffset.UTC).plusSeconds(i));
            pay(1_000 + i);
        }
        SANDBOX.scenarios().arm(Channel.STRIPE, ACCOUNT, day, scenario, generated);
        return day;
    }

    private static PaymentIntentSpec pay(long amount) {
        return SANDBOX.payments().pay(ACCOUNT, "ORD-" + UUID.randomUUID(), amount, "usd", 1).spec();
    }

    private static void at(LocalDate day, String time) {
        SANDBOX.setClock(Instant.parse(day + "T" + time + "Z"));
    }

    private static boolean settled(String refundId) {
        return SANDBOX.settlements()
            .of(Channel.STRIPE, ACCOUNT, Instant.EPOCH, Instant.parse("2100-01-01T00:00:00Z"))
            .stream()
            .anyMatch(s -> s.channelRefundId().equals(Optional.of(refundId)));
    }

    private static StripeClient client() {
        return StripeClient.builder().setApiKey(SANDBOX.secretKey()).setApiBase(SANDBOX.apiBase()).build();
    }

    private static Money usd(long minor) {
        return Money.of(minor, "USD");
    }

}
