package io.paypipe.reconcile.recon.diff;

import io.paypipe.support.testing.TestAccounts;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.reconcile.bill.guard.BillDay;
import io.paypipe.reconcile.recon.diff.ReconRows.Line;
import io.paypipe.reconcile.recon.diff.ReconRows.Payment;
import io.paypipe.reconcile.support.Rows;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;

/**
 * A day reconciled again (T+1, T+3, a rerun): the same differences are the same rows, the
 * ones no longer found are resolved, an ignored one stays ignored; and a payment settled
 * across midnight is nobody's difference, with the server's zone UTC.
 */
class RerunIntegrationTest extends DiffIntegrationBase {

    @Test
    void givenADayComparedBefore_whenRerunWithTheSameLinesThenWithoutOne_thenNoNewRowsAndTheVanishedOneResolved() {
        // Given: two differences found by a first batch
        String m = Rows.newMerchant();
        String unknownA = ReconRows.newTradeNo();
        String unknownB = ReconRows.newTradeNo();
        Line a = Line.payment(unknownA, "O-a", 100, 1, beijing(DAY, "09:00:00"));
        Line b = Line.payment(unknownB, "O-b", 200, 1, beijing(DAY, "09:00:01"));
        long first = batch(m, a, b);
        compare(first, m);
        List<Object> ids = diffs(m).stream().map(d -> d.get("id")).toList();

        // When: a rerun with the same lines
        long second = batch(m, a, b);
        DiffCounts same = compare(second, m);

        // Then: the same rows, now of the second batch
        assertThat(diffs(m)).extracting(d -> d.get("id")).containsExactlyElementsOf(ids);
        assertThat(diffs(m)).extracting(d -> d.get("batch_id")).containsOnly(second);
        assertThat(same.open()).isEqualTo(2);
        assertThat(same.resolved()).isZero();

        // When: a rerun without line b
        long third = batch(m, a);
        DiffCounts fewer = compare(third, m);

        // Then: b's difference is resolved by the rerun, a's still open
        Map<String, Object> vanished = byTrade(m, unknownB);
        assertThat(vanished).containsEntry("handle_status", "RESOLVED")
            .containsEntry("handled_by", "recon:rerun")
            .containsEntry("handle_note", "not found by batch " + third);
        assertThat(byTrade(m, unknownA)).containsEntry("handle_status", "OPEN").containsEntry("batch_id", third);
        assertThat(fewer.open()).isEqualTo(1);
        assertThat(fewer.resolved()).isEqualTo(1);

        // When: b is back in a later rerun
        long fourth = batch(m, a, b);
        compare(fourth, m);

        // Then: the same row, open again (its note is its follow-up's again: no order)
        assertThat(diffs(m)).hasSize(2);
        assertThat(byTrade(m, unknownB)).containsEntry("handle_status", "OPEN")
            .containsEntry("batch_id", fourth)
            .containsEntry("handle_note", "no such order");
        assertThat(byTrade(m, unknownB).get("handled_by")).isNull();
    }

    @Test
    void givenAnIgnoredDifference_whenTheRerunFindsItAgain_thenItStaysIgnoredAndIsNotOpen() throws Exception {
        // Given
        String m = Rows.newMerchant();
        Line line = Line.payment(ReconRows.newTradeNo(), "O-x", 100, 1, beijing(DAY, "09:00:00"));
        long first = batch(m, line);
        compare(first, m);
        long id = (Long) diffs(m).get(0).get("id");
        assertThat(post("/recon/diffs/" + id + "/ignore", Map.of("note", "test trade")).statusCode()).isEqualTo(200);

        // When
        DiffCounts counts = compare(batch(m, line), m);

        // Then
        assertThat(diffs(m)).singleElement()
            .satisfies(d -> assertThat(d).containsEntry("handle_status", "IGNORED")
                .containsEntry("handled_by", TestAccounts.OPERATOR.user()));
        assertThat(counts.open()).isZero();
    }

    @Test
    void givenAPaymentAt235958SettledAt000002_whenBothDaysAreComparedOnAUtcServer_thenNoDifferenceInEither() {
        // the JVM's zone, as a server in UTC: set for this test only
        TimeZone saved = TimeZone.getDefault();
        TimeZone.setDefault(TimeZone.getTimeZone("UTC"));
        try {
            // Given: the bill of D lists it at 23:59:58 Beijing; the ledger says 00:00:02
            // of D+1; and a payment of D+1 00:30 Beijing (D 16:30 UTC) in no bill
            String m = Rows.newMerchant();
            LocalDate next = DAY.plusDays(1);
            Payment p = recon.payment(m, Channel.WECHATPAY, 1_000, beijing(next, "00:00:02"));
            Payment unbilled = recon.payment(m, Channel.WECHATPAY, 2_000, beijing(next, "00:30:00"));
            long day = batch(m, Line.payment(p.tradeNo(), p.outTradeNo(), 1_000, 6, beijing(DAY, "23:59:58")));

            // When: D is compared and finishes, then D+1 with an empty bill
            DiffCounts ofDay = compare(day, m);
            recon.finish(day, "CLEAN");
            long nextBatch = recon.batch(Channel.WECHATPAY, m, next, "RUNNING");
            DiffCounts ofNext = finder.compare(BatchScope.of(nextBatch, new BillDay(Channel.WECHATPAY, next), m));

            // Then: the payment across midnight is in neither; the unbilled one is D+1's
            // (Beijing's day, not the server's)
            assertThat(ofDay.open()).isZero();
            assertThat(ofNext.openByCategory()).containsEntry(Category.LOCAL_ONLY, 1L);
            assertThat(diffs(m)).singleElement().satisfies(d -> {
                assertThat(d).containsEntry("channel_trade_no", unbilled.tradeNo());
                assertThat(String.valueOf(d.get("bill_day"))).isEqualTo(next.toString());
            });
        }
        finally {
            TimeZone.setDefault(saved);
        }
    }

    private Map<String, Object> byTrade(String merchant, String tradeNo) {
        return diffs(merchant).stream()
            .filter(d -> tradeNo.equals(d.get("channel_trade_no")))
            .findFirst()
            .orElseThrow();
    }

}
