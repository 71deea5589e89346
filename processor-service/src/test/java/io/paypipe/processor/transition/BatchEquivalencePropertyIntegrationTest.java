package io.paypipe.processor.transition;

import static io.paypipe.processor.support.Fixtures.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.money.Money;
import io.paypipe.processor.support.ProcessorIntegrationBase;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;

/**
 * The batch path decides exactly as the per-record path: for random sequences of up to
 * eight notifications of one order (successes of the same and of other trades, closes,
 * duplicates, mismatches, unknown states; WeChat, Alipay and Stripe, the order pending or
 * closed by the channel before), the sequence is applied once record by record
 * ({@link PaymentDispatcher#handle}, a transaction each) to a fresh order and once as ONE
 * batch ({@link BatchApplier}, one transaction) to another, and both end with the same
 * outcome for every notification, the same order status, ledger, audit rows, refund
 * tasks, alerts, and raw rows (outcome and handled, per trade). The seed is printed;
 * replay with {@code -Dpaypipe.property.seed=<seed>}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE)
@DirtiesContext
class BatchEquivalencePropertyIntegrationTest extends ProcessorIntegrationBase {

    private static final int SEQUENCES = Integer.getInteger("paypipe.property.sets", 60);

    @Autowired
    PaymentDispatcher oneByOne;

    @Autowired
    BatchApplier together;

    /** One notification of a sequence: its state, its trade, whether it mismatches. */
    record Note(PaymentState state, int trade, boolean mismatch) {
    }

    /** Everything one order ended with, with its trades numbered as in the sequence. */
    record Final(List<String> outcomes, String status, long ledgerRows, long keptMinor, long transitions,
            long refundTasks, List<String> alerts, Map<Integer, String> raws) {
    }

    @Test
    void everySequenceEndsTheSameAppliedAsOneBatchAsRecordByRecord() {
        long seed = Long.getLong("paypipe.property.seed", new Random().nextLong());
        System.out.println("batch equivalence seed " + seed + " (replay with -Dpaypipe.property.seed=" + seed + ")");
        Random random = new Random(seed);
        int batchesWithRepeats = 0;
        for (int i = 0; i < SEQUENCES; i++) {
            Channel channel = Channel.values()[random.nextInt(Channel.values().length)];
            Money amount = Money.of(1 + random.nextInt(100_000), channel == Channel.STRIPE ? "USD" : "CNY");
            boolean closedBefore = random.nextInt(4) == 0;
            List<Note> notes = generate(random);
            Final byRecord = apply(channel, amount, closedBefore, notes, false);
            Final byBatch = apply(channel, amount, closedBefore, notes, true);
            assertThat(byBatch).as("seed %d, %s %s%s", seed, channel, notes, closedBefore ? " (closed before)" : "")
                .isEqualTo(byRecord);
            batchesWithRepeats += notes.size() > 1 ? 1 : 0;
        }
        assertThat(batchesWithRepeats).isPositive();
    }

    private static List<Note> generate(Random random) {
        int size = 1 + random.nextInt(8);
        List<Note> notes = new ArrayList<>();
        int mismatches = 0;
        while (notes.size() < size) {
            int roll = random.nextInt(100);
            if (roll < 40) {
                notes.add(new Note(PaymentState.SUCCEEDED, 1 + random.nextInt(3), false));
            }
            else if (roll < 65) {
                notes.add(new Note(PaymentState.CLOSED, 1 + random.nextInt(4), false));
            }
            else if (roll < 85 && !notes.isEmpty()) {
                notes.add(notes.get(random.nextInt(notes.size())));
            }
            else if (roll < 92) {
                notes.add(new Note(PaymentState.UNKNOWN, 1 + random.nextInt(3), false));
            }
            else {
                notes.add(new Note(PaymentState.SUCCEEDED, 10 + mismatches++, true));
            }
        }
        return notes;
    }

    /**
     * A fresh order, then the notifications in their order, each trade on its own raw
     * row: record by record or as one batch.
     */
    private Final apply(Channel channel, Money amount, boolean closedBefore, List<Note> notes, boolean asBatch) {
        OrderKey key = newOrderKey();
        insertOrder(key, channel, amount, closedBefore);
        Map<Integer, ChannelTradeNo> trades = new HashMap<>();
        Map<Integer, Long> raws = new TreeMap<>();
        List<PaymentNotified> sequence = new ArrayList<>();
        for (Note note : notes) {
            ChannelTradeNo tradeNo = trades.computeIfAbsent(note.trade(), t -> newTradeNo());
            Money orderAmount = note.mismatch() ? Money.of(amount.minor() + 1, amount.currency()) : amount;
            String state = channelState(channel, note.state());
            long rawId = raws.computeIfAbsent(note.trade(),
                    t -> storeRaw(jdbc, key, channel, tradeNo, state, orderAmount));
            sequence.add(notified(rawId, channel, key, tradeNo, note.state(), state, orderAmount,
                    note.state() == PaymentState.SUCCEEDED ? orderAmount : Money.of(0, amount.currency())));
        }
        List<String> outcomes = new ArrayList<>();
        if (asBatch) {
            BatchApplier.Applied applied = together.apply(sequence);
            assertThat(applied.stopped()).isEmpty();
            applied.decided().forEach(d -> outcomes.add(d.outcome().getClass().getSimpleName() + d.rowOutcome()));
        }
        else {
            for (PaymentNotified n : sequence) {
                PaymentOutcome outcome = oneByOne.handle(n);
                outcomes.add(outcome.getClass().getSimpleName()
                        + jdbc.sql("SELECT outcome FROM pay_notify_raw WHERE id = :id")
                            .param("id", n.rawId())
                            .query((rs, i) -> java.util.Optional.ofNullable(rs.getString(1))
                                .map(io.paypipe.core.raw.RawOutcome::valueOf))
                            .single());
            }
        }
        return finalOf(key, outcomes, raws);
    }

    private Final finalOf(OrderKey key, List<String> outcomes, Map<Integer, Long> raws) {
        String o = key.outTradeNo().value();
        String status = db.status(key);
        var ledger = jdbc.sql("""
                SELECT COUNT(*) AS n, COALESCE(SUM(l.paid_amount_minor), 0) AS kept FROM payment_ledger l
                  JOIN orders o ON o.id = l.order_id WHERE o.out_trade_no = :o""").param("o", o).query().singleRow();
        long transitions = db.count("SELECT COUNT(*) FROM order_transition t JOIN orders o ON o.id = t.order_id"
                + " WHERE o.out_trade_no = :v", o);
        long refundTasks = db.count(
                "SELECT COUNT(*) FROM refund_task t JOIN orders o ON o.id = t.order_id WHERE o.out_trade_no = :v", o);
        List<String> alerts = jdbc.sql("SELECT kind FROM ops_alert WHERE out_trade_no = :o ORDER BY kind, alert_key")
            .param("o", o)
            .query(String.class)
            .list();
        Map<Integer, String> rawRows = new TreeMap<>();
        raws.forEach((trade, rawId) -> rawRows.put(trade, db.outcome(rawId) + "/" + db.handled(rawId)));
        return new Final(outcomes, status, ((Number) ledger.get("n")).longValue(),
                ((Number) ledger.get("kept")).longValue(), transitions, refundTasks, alerts, rawRows);
    }

    private void insertOrder(OrderKey key, Channel channel, Money amount, boolean closedByTheChannel) {
        Timestamp now = Timestamp.from(Instant.now());
        jdbc.sql("""
                INSERT INTO orders (tenant_id, merchant_id, out_trade_no, channel, amount_minor, currency, status,
                                    closed_by, created_at, updated_at)
                VALUES (:tenant, :merchant, :o, :channel, :amount, :currency, :status, :closedBy, :now, :now)""")
            .param("tenant", key.tenantId().value())
            .param("merchant", key.merchantId().value())
            .param("o", key.outTradeNo().value())
            .param("channel", channel.code())
            .param("amount", amount.minor())
            .param("currency", amount.currency())
            .param("status", closedByTheChannel ? "CLOSED" : "PENDING")
            .param("closedBy", closedByTheChannel ? "PAYMENT_CLOSED" : null)
            .param("now", now)
            .update();
    }

    private static String channelState(Channel channel, PaymentState state) {
        return switch (state) {
            case SUCCEEDED -> switch (channel) {
                case WECHATPAY -> "SUCCESS";
                case ALIPAY -> "TRADE_SUCCESS";
                case STRIPE -> "payment_intent.succeeded";
            };
            case CLOSED -> switch (channel) {
                case WECHATPAY -> "CLOSED";
                case ALIPAY -> "TRADE_CLOSED";
                case STRIPE -> "payment_intent.canceled";
            };
            case UNKNOWN -> "SOMETHING_NEW";
        };
    }

}
