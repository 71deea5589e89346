package io.paypipe.auditor;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.topic.Topics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The records that break {@link Invariant#ORDER_PAID_EVENT_HAS_LEDGER}, the first 50 of
 * them with their rows.
 */
final class RecordFindings {

    private final List<Map<String, Object>> rows = new ArrayList<>();

    private long total;

    /** The record's value, or null after reporting it as unreadable. */
    OrderPaid readable(ConsumerRecord<String, byte[]> record) {
        try {
            OrderPaid paid = record.value() == null ? null
                    : Topics.ORDER_PAID.valueDeserializer().deserialize(record.topic(), record.value());
            if (paid != null && paid.eventId() != null && paid.orderKey() != null && paid.channel() != null
                    && paid.channelTradeNo() != null && paid.orderId() != null && paid.paidAmount() != null) {
                return paid;
            }
            add(record, null, null, "no value, or a value without event id, order, trade or amount");
        }
        catch (RuntimeException e) {
            add(record, null, null, "unreadable: " + e.getClass().getSimpleName());
        }
        return null;
    }

    void judge(ConsumerRecord<String, byte[]> record, OrderPaid paid, TopicChecks.LedgerRow row) {
        if (row == null) {
            add(record, paid, null, "no ledger row with this event id");
        }
        else if (row.orderId() != paid.orderId().value() || !row.channel().equals(paid.channel().code())
                || !row.tradeNo().equals(paid.channelTradeNo().value()) || row.paidMinor() != paid.paidAmount().minor()
                || !row.currency().equals(paid.paidAmount().currency())) {
            add(record, paid, row, "its ledger row has another order, channel, trade number or paid amount");
        }
    }

    private void add(ConsumerRecord<String, byte[]> record, OrderPaid paid, TopicChecks.LedgerRow row, String problem) {
        total++;
        if (rows.size() >= SqlChecks.MAX_ROWS) {
            return;
        }
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("record", record.topic() + "-" + record.partition() + "@" + record.offset());
        r.put("problem", problem);
        r.put("event_id", paid == null ? null : paid.eventId().value());
        r.put("order_id", paid == null ? null : paid.orderId().value());
        r.put("channel_trade_no", paid == null ? null : paid.channelTradeNo().value());
        r.put("paid", paid == null ? null : paid.paidAmount());
        r.put("ledger", row == null ? null : "ledger_id=" + row.id() + " order_id=" + row.orderId() + " "
                + row.channel() + " " + row.tradeNo() + " " + row.paidMinor() + " " + row.currency());
        rows.add(r);
    }

    List<Violation> violations() {
        if (total == 0) {
            return List.of();
        }
        String shown = total > rows.size() ? " (first " + rows.size() + " of " + total + " shown)" : "";
        return List.of(
                new Violation(Invariant.ORDER_PAID_EVENT_HAS_LEDGER,
                        "an " + Topics.ORDER_PAID.name()
                                + " record without its ledger row (or with another order, trade or amount)" + shown,
                        rows));
    }

}
