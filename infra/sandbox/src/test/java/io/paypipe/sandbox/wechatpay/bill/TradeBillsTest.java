package io.paypipe.sandbox.wechatpay.bill;

import static io.paypipe.sandbox.SandboxFixtures.directMerchant;
import static io.paypipe.sandbox.SandboxFixtures.fixedClock;
import static io.paypipe.sandbox.SandboxFixtures.serviceProvider;
import static io.paypipe.sandbox.wechatpay.bill.BillFixtures.DIRECT;
import static io.paypipe.sandbox.wechatpay.bill.BillFixtures.OTHER_SUB;
import static io.paypipe.sandbox.wechatpay.bill.BillFixtures.SUB;
import static io.paypipe.sandbox.wechatpay.bill.BillFixtures.beijing;
import static io.paypipe.sandbox.wechatpay.bill.BillFixtures.lines;
import static io.paypipe.sandbox.wechatpay.bill.BillFixtures.payment;
import static io.paypipe.sandbox.wechatpay.bill.BillFixtures.refund;
import static io.paypipe.sandbox.wechatpay.bill.TradeBillFormat.DETAIL_HEADER;
import static io.paypipe.sandbox.wechatpay.bill.TradeBillFormat.SUMMARY_HEADER;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.bill.BillScenario;
import io.paypipe.sandbox.bill.BillScenarios;
import io.paypipe.sandbox.bill.Settlement;
import io.paypipe.sandbox.bill.SettlementBook;
import io.paypipe.sandbox.wechatpay.bill.TradeBill.Delivery;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Which rows WeChat's ALL trade bill of a merchant's day holds and how they read, byte
 * for byte, for every bill scenario.
 */
class TradeBillsTest {

    /** The day before the fixed clock's 2025-06-08 10:34:56 in Beijing. */
    private static final LocalDate DAY = LocalDate.of(2025, 6, 7);

    private static final String EMPTY_SUMMARY = "`0,`0.00,`0.00,`0.00,`0.00000,`0.00,`0.00";

    private final SettlementBook book = new SettlementBook();

    private final BillScenarios scenarios = new BillScenarios();

    private final TradeBills bills = new TradeBills(book, scenarios, fixedClock());

    @Test
    void givenAPaymentAndARefundOfTheDay_whenBilled_thenEachIsABackTickedRowInTimeOrderAndTheSummaryTotalsThem() {
        // Given a payment of 100.10 (fee 0.60) at 23:59:58 and a refund of 20.00 at 12:30
        Settlement paid = payment(DIRECT, "01", 10_010, "2025-06-07T23:59:58");
        Settlement refunded = refund(DIRECT, "01", 2_000, "2025-06-07T12:30:00");
        book.record(paid);
        book.record(refunded);
        String appId = directMerchant().appId();

        // When the day is billed
        TradeBill bill = bills.of(directMerchant(), Optional.empty(), DAY);

        // Then the rows read as WeChat writes them, amounts in yuan, fees with five
        // decimals
        assertThat(lines(bill)).containsExactly(DETAIL_HEADER,
                "`2025-06-07 12:30:00,`" + appId + ",`1900000100,`0,`,`420000000101,`ORD-01,`"
                        + TradeBillFormat.payer(bill.account(), refunded)
                        + ",`JSAPI,`REFUND,`OTHERS,`CNY,`0.00,`0.00,`503000000101,`RF-01,`20.00,`0.00,`ORIGINAL,"
                        + "`SUCCESS,`paypipe sandbox order,`,`0.00000,`0.60%,`0.00,`20.00,`",
                "`2025-06-07 23:59:58,`" + appId + ",`1900000100,`0,`,`420000000101,`ORD-01,`"
                        + TradeBillFormat.payer(bill.account(), paid)
                        + ",`JSAPI,`SUCCESS,`OTHERS,`CNY,`100.10,`0.00,`0,`0,`0.00,`0.00,`,`,`paypipe sandbox order,`,"
                        + "`0.60000,`0.60%,`100.10,`0.00,`",
                SUMMARY_HEADER, "`2,`100.10,`20.00,`0.00,`0.60000,`100.10,`20.00");
        assertThat(bill.delivery()).isEqualTo(Delivery.FILE);
    }

    @Test
    void givenSettlementsAroundTheDay_whenBilled_thenOnlyTheDaysInBeijingAreListedAndNotFeesOrOtherMerchants() {
        // Given the day's first and last second, the seconds around it, another
        // merchant's payment and a fee line
        book.record(payment(DIRECT, "02", 100, "2025-06-06T23:59:59"));
        book.record(payment(DIRECT, "03", 200, "2025-06-07T00:00:00"));
        book.record(payment(DIRECT, "04", 300, "2025-06-07T23:59:59"));
        book.record(payment(DIRECT, "05", 400, "2025-06-08T00:00:02"));
        book.record(payment("1900000101", "06", 500, "2025-06-07T10:00:00"));
        book.record(Settlement.fee(Channel.WECHATPAY, DIRECT, "FEE-1", 50, "CNY", beijing("2025-06-07T10:00:00")));

        // When the day is billed
        String[] lines = lines(bills.of(directMerchant(), Optional.empty(), DAY));

        // Then the two payments of the day are its rows
        assertThat(lines).hasSize(5);
        assertThat(lines[1]).startsWith("`2025-06-07 00:00:00,").contains(",`ORD-03,");
        assertThat(lines[2]).startsWith("`2025-06-07 23:59:59,").contains(",`ORD-04,");
        assertThat(lines[4]).isEqualTo("`2,`5.00,`0.00,`0.00,`0.02000,`5.00,`0.00");
    }

    @Test
    void givenAServiceProvider_whenBilledForASubMerchantOrForAll_thenRowsNameItAndTheSubMerchant() {
        // Given payments of two sub-merchants
        book.record(payment(SUB, "07", 1_000, "2025-06-07T09:00:00"));
        book.record(payment(OTHER_SUB, "08", 2_000, "2025-06-07T10:00:00"));

        // When the provider asks for one sub-merchant's bill, and for all
        String[] one = lines(bills.of(serviceProvider(), Optional.of(SUB), DAY));
        String[] all = lines(bills.of(serviceProvider(), Optional.empty(), DAY));

        // Then 商户号 is the provider, 特约商户号 the order's sub-merchant
        assertThat(one).hasSize(4);
        assertThat(one[1]).startsWith("`2025-06-07 09:00:00,`" + serviceProvider().appId() + ",`1230000109,`" + SUB
                + ",`,`420000000107,`ORD-07,");
        assertThat(all).hasSize(5);
        assertThat(all[2]).contains(",`1230000109,`" + OTHER_SUB + ",`,`420000000108,");
    }

    @Test
    void givenTheCurrentDayBilledOrNot_whenAskedWhetherTodayIsBilled_thenOnlyTheSettingBillsIt() {
        LocalDate today = DAY.plusDays(1);
        assertThat(bills.billed(DAY)).isTrue();
        assertThat(bills.billed(today)).isFalse();

        scenarios.billCurrentDay(true);

        assertThat(bills.billed(today)).isTrue();
        assertThat(bills.billed(today.plusDays(1))).isFalse();
    }

    @Test
    void givenADayWithoutSettlements_whenBilled_thenTheBillIsTheHeaderAndASummaryOfZeros() {
        assertThat(lines(bills.of(directMerchant(), Optional.empty(), DAY))).containsExactly(DETAIL_HEADER,
                SUMMARY_HEADER, EMPTY_SUMMARY);
    }

    @Test
    void givenSummaryNoRows_whenBilled_thenTheSummaryOfTheCompleteDayFollowsTheHeader() {
        dayOfTwoPayments();
        arm(BillScenario.SUMMARY_NO_ROWS, 0);

        assertThat(lines(bills.of(directMerchant(), Optional.empty(), DAY))).containsExactly(DETAIL_HEADER,
                SUMMARY_HEADER, "`2,`3.00,`0.00,`0.00,`0.01000,`3.00,`0.00");
    }

    @Test
    void givenSummaryDisagrees_whenBilled_thenTheSummarySaysOneLineAndOneYuanMoreThanTheRows() {
        dayOfTwoPayments();
        arm(BillScenario.SUMMARY_DISAGREES, 0);

        String[] lines = lines(bills.of(directMerchant(), Optional.empty(), DAY));

        assertThat(lines).hasSize(5);
        assertThat(lines[4]).isEqualTo("`3,`4.00,`0.00,`0.00,`0.01000,`4.00,`0.00");
    }

    @Test
    void givenDrop95_whenBilled_thenEveryTwentiethSettlementIsListedWithASummaryThatAgrees() {
        for (int i = 0; i < 41; i++) {
            book.record(payment(DIRECT, String.format("%02d", i), 100, "2025-06-07T10:%02d:00".formatted(i)));
        }
        arm(BillScenario.DROP_95, 0);

        String[] lines = lines(bills.of(directMerchant(), Optional.empty(), DAY));

        assertThat(Arrays.copyOfRange(lines, 1, 4)).satisfiesExactly(l -> assertThat(l).contains(",`ORD-00,"),
                l -> assertThat(l).contains(",`ORD-20,"), l -> assertThat(l).contains(",`ORD-40,"));
        assertThat(lines[5]).isEqualTo("`3,`3.00,`0.00,`0.00,`0.00000,`3.00,`0.00");
    }

    @Test
    void givenNoSummary_whenBilled_thenTheRowsEndTheFile() {
        dayOfTwoPayments();
        arm(BillScenario.NO_SUMMARY, 0);

        String[] lines = lines(bills.of(directMerchant(), Optional.empty(), DAY));

        assertThat(lines).hasSize(3);
        assertThat(lines[2]).contains(",`ORD-10,");
    }

    @Test
    void givenOtherDay_whenBilled_thenTheBillOfTheDayBeforeIsServedWithItsDates() {
        dayOfTwoPayments();
        book.record(payment(DIRECT, "20", 700, "2025-06-06T08:00:00"));
        arm(BillScenario.OTHER_DAY, 0);

        String[] lines = lines(bills.of(directMerchant(), Optional.empty(), DAY));

        assertThat(lines).hasSize(4);
        assertThat(lines[1]).startsWith("`2025-06-06 08:00:00,").contains(",`ORD-20,");
    }

    @Test
    void givenGenerated_whenBilled_thenItsRowsAreNumberedPaidAndSpreadOverTheDayWithASummaryThatAgrees() {
        dayOfTwoPayments();
        arm(BillScenario.GENERATED, 3);

        String[] lines = lines(bills.of(directMerchant(), Optional.empty(), DAY));

        assertThat(lines).hasSize(6);
        assertThat(lines[1]).startsWith("`2025-06-07 00:00:00,`" + directMerchant().appId()
                + ",`1900000100,`0,`,`GEN20250607000000000,`GENO20250607000000000,`" + TradeBill.GENERATED_PAYER
                + ",`JSAPI,`SUCCESS,`OTHERS,`CNY,`1.00,");
        assertThat(lines[2]).startsWith("`2025-06-07 08:00:00,").contains(",`GEN20250607000000001,", ",`1.01,");
        assertThat(lines[3]).startsWith("`2025-06-07 16:00:00,").contains(",`GEN20250607000000002,", ",`1.02,");
        assertThat(lines[3]).contains(",`0.01000,`0.60%,`1.02,`0.00,`");
        assertThat(lines[5]).isEqualTo("`3,`3.03,`0.00,`0.00,`0.03000,`3.03,`0.00");
    }

    @Test
    void givenTheDownloadScenarios_whenBilled_thenTheBillIsCompleteAndItsDeliveryFailsAsArmed() {
        dayOfTwoPayments();

        arm(BillScenario.ERROR_PAGE, 0);
        TradeBill page = bills.of(directMerchant(), Optional.empty(), DAY);
        arm(BillScenario.ERROR_JSON, 0);
        TradeBill json = bills.of(directMerchant(), Optional.empty(), DAY);
        arm(BillScenario.TRUNCATED, 0);
        TradeBill cut = bills.of(directMerchant(), Optional.empty(), DAY);

        assertThat(page.delivery()).isEqualTo(Delivery.ERROR_PAGE);
        assertThat(json.delivery()).isEqualTo(Delivery.ERROR_JSON);
        assertThat(cut.delivery()).isEqualTo(Delivery.TRUNCATED);
        assertThat(lines(cut)).hasSize(5);
    }

    @Test
    void givenTheSandboxClock_whenADayIsAskedFor_thenOnlyADayOverInBeijingIsBilledWhateverTheClocksZone() {
        // 2025-06-07T16:30Z is 00:30 on the 8th in Beijing, still the 7th in UTC
        TradeBills atMidnight = new TradeBills(book, scenarios,
                Clock.fixed(beijing("2025-06-08T00:30:00"), ZoneOffset.UTC));

        assertThat(bills.billed(DAY)).isTrue();
        assertThat(bills.billed(DAY.plusDays(1))).isFalse();
        assertThat(bills.billed(DAY.plusDays(2))).isFalse();
        assertThat(atMidnight.billed(DAY)).isTrue();
        assertThat(atMidnight.billed(DAY.plusDays(1))).isFalse();
    }

    /** 1.00 paid at 09:00 with a fee of 0.01 and 2.00 at 10:00 with none. */
    private void dayOfTwoPayments() {
        book.record(Settlement.payment(Channel.WECHATPAY, DIRECT, "ORD-09", "420000000109", 100, 1, "CNY",
                beijing("2025-06-07T09:00:00")));
        book.record(Settlement.payment(Channel.WECHATPAY, DIRECT, "ORD-10", "420000000110", 200, 0, "CNY",
                beijing("2025-06-07T10:00:00")));
    }

    private void arm(BillScenario scenario, long generatedLines) {
        scenarios.arm(Channel.WECHATPAY, DIRECT, DAY, scenario, generatedLines);
    }

}
