package io.paypipe.ingress.callback;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.topic.NotifyHeaders;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * What every channel's ingress integration test needs: the two topics ingress writes,
 * read back, the {@code pay_notify_raw} rows of an order, and the delivery times of a raw
 * row. Each channel's support class adds its merchants file and requests.
 */
public abstract class CallbackIntegrationBase {

    private static final Pattern LOG_LINE = Pattern
        .compile("^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} +(TRACE|DEBUG|INFO|WARN|ERROR) +\\[[^\\]]*\\] (\\S+) - ");

    protected static NotifyTopic<PaymentNotified> payments;

    protected static NotifyTopic<RefundNotified> refunds;

    @LocalServerPort
    protected int port;

    @Autowired
    protected JdbcClient jdbc;

    @BeforeAll
    static void openTopics() {
        TestInfra.get()
            .broker()
            .createTopics(List.of(Topics.PAYMENT_NOTIFY.name(), Topics.REFUND_NOTIFY.name()),
                    Topics.DEFAULT_PARTITIONS);
        payments = new NotifyTopic<>(Topics.PAYMENT_NOTIFY, TestInfra.get().bootstrapServers());
        refunds = new NotifyTopic<>(Topics.REFUND_NOTIFY, TestInfra.get().bootstrapServers());
    }

    @AfterAll
    static void closeTopics() {
        payments.close();
        refunds.close();
    }

    /**
     * One row of {@code pay_notify_raw}, every column ingress writes
     * ({@code paymentState} and {@code paidAt} let reconcile-service publish the row
     * again as the same event).
     */
    public record RawRow(long id, String tenantId, String merchantId, String spMerchantId, String channel,
            String channelTradeNo, String outTradeNo, String notifyId, String tradeState, String paymentState,
            long orderAmount, long paidAmount, Instant paidAt, String currency, int handled, String rawBody) {
    }

    protected List<RawRow> rawRows(String outTradeNo) {
        return jdbc.sql("""
                SELECT id, tenant_id, merchant_id, sp_merchant_id, channel, channel_trade_no, out_trade_no, notify_id,
                       trade_state, payment_state, order_amount_minor, paid_amount_minor, paid_at, currency, handled,
                       raw_body
                FROM pay_notify_raw WHERE out_trade_no = :out
                """)
            .param("out", outTradeNo)
            .query((rs, i) -> new RawRow(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4),
                    rs.getString(5), rs.getString(6), rs.getString(7), rs.getString(8), rs.getString(9),
                    rs.getString(10), rs.getLong(11), rs.getLong(12),
                    rs.getTimestamp(13) == null ? null : rs.getTimestamp(13).toInstant(), rs.getString(14),
                    rs.getInt(15), rs.getString(16)))
            .list();
    }

    /**
     * The log lines written since {@code offset} of the captured output, Kafka's own
     * chatter left out, and {@code CallbackSummary}'s line of every
     * {@code ingress.summary-interval}, which is no request's: it fell between a request
     * and its assertion once (CI of 2026-12-07 07:11) and made one line two.
     */
    protected static List<String> logLinesSince(String captured, int offset) {
        return captured.substring(offset).lines().filter(line -> {
            Matcher m = LOG_LINE.matcher(line);
            return m.find() && !m.group(2).startsWith("o.a.k") && !m.group(2).startsWith("kafka")
                    && !m.group(2).startsWith("org.apache.kafka") && !m.group(2).endsWith(".CallbackSummary");
        }).toList();
    }

    protected RawRow singleRawRow(String outTradeNo) {
        List<RawRow> rows = rawRows(outTradeNo);
        assertThat(rows).hasSize(1);
        return rows.getFirst();
    }

    /**
     * An order as the processor stores it ({@code orders}, which ingress only reads), in
     * {@code status}; {@code spMerchantId} null outside service-provider mode.
     */
    protected void insertOrder(String tenant, String merchantId, String spMerchantId, String outTradeNo, String channel,
            long amountMinor, String currency, String status) {
        Timestamp now = Timestamp.from(Instant.now());
        jdbc.sql(
                """
                        INSERT INTO orders (tenant_id, merchant_id, sp_merchant_id, out_trade_no, channel, amount_minor, currency,
                                            status, created_at, updated_at)
                        VALUES (:tenant, :merchant, :sp, :out, :channel, :amount, :currency, :status, :now, :now)
                        """)
            .param("tenant", tenant)
            .param("merchant", merchantId)
            .param("sp", spMerchantId)
            .param("out", outTradeNo)
            .param("channel", channel)
            .param("amount", amountMinor)
            .param("currency", currency)
            .param("status", status)
            .param("now", now)
            .update();
    }

    /** The two raw tables ingress reserves rows in. */
    public enum RawTable {

        PAYMENTS("pay_notify_raw"), REFUNDS("pay_refund_raw");

        private final String table;

        RawTable(String table) {
            this.table = table;
        }

    }

    /**
     * {@code created_at} (first delivery) and {@code last_delivered_at} of a raw row,
     * plus its state and handled.
     */
    public record Deliveries(Instant createdAt, Instant lastDeliveredAt, String state, int handled) {
    }

    protected Deliveries deliveries(RawTable raw, long rawId) {
        String state = raw == RawTable.PAYMENTS ? "trade_state" : "refund_state";
        return jdbc
            .sql("SELECT created_at, last_delivered_at, " + state + ", handled FROM " + raw.table + " WHERE id = :id")
            .param("id", rawId)
            .query((rs, i) -> new Deliveries(rs.getTimestamp(1).toInstant(), rs.getTimestamp(2).toInstant(),
                    rs.getString(3), rs.getInt(4)))
            .single();
    }

    /** As if the row had been first (and last) delivered at {@code at}. */
    protected void backdate(RawTable raw, long rawId, Instant at) {
        jdbc.sql("UPDATE " + raw.table + " SET created_at = :at, last_delivered_at = :at WHERE id = :id")
            .param("at", Timestamp.from(at))
            .param("id", rawId)
            .update();
    }

    /**
     * As the processor (or the refund service) does: handled 1 (applied) or 2 (needs a
     * person).
     */
    protected void settle(RawTable raw, long rawId, int handled) {
        jdbc.sql("UPDATE " + raw.table + " SET handled = :handled WHERE id = :id")
            .param("handled", handled)
            .param("id", rawId)
            .update();
    }

    /**
     * The record carries exactly one {@code paypipe-raw-id} header, the raw row's id in
     * decimal.
     */
    protected static void assertCarriesRawId(ConsumerRecord<?, ?> record, long rawId) {
        assertThat(record.headers().headers(NotifyHeaders.RAW_ID)).singleElement()
            .satisfies(h -> assertThat(new String(h.value(), StandardCharsets.UTF_8)).isEqualTo(Long.toString(rawId)));
    }

}
