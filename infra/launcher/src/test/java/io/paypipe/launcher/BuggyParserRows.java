package io.paypipe.launcher;

import static io.paypipe.launcher.PipelineFixture.orders;
import static io.paypipe.launcher.PipelineFixture.payments;
import static io.paypipe.launcher.PipelineFixture.status;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.query.CallbackScenario;
import io.paypipe.sandbox.query.CallbackScenarios;
import io.paypipe.sandbox.query.OrderRef;
import io.paypipe.sandbox.wechatpay.WechatPayPayments;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.function.UnaryOperator;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;

/**
 * Rows of {@code pay_notify_raw} as a parser bug left them, for the re-derive tests
 * (through {@code /ops/rederive} and through the console).
 */
final class BuggyParserRows {

    private static final Duration WAIT = Duration.ofSeconds(60);

    private BuggyParserRows() {
    }

    /**
     * A pending order of {@code merchant} paid at WeChat whose notification (never
     * pushed) is stored as ingress stored it with a classifier that took SUCCESS for an
     * unknown state, and set aside as the processor set it aside (handled 2,
     * UNKNOWN_STATE); {@code edit} changes the stored body. Answers the raw row's id.
     */
    static long setAside(LocalPipeline pipeline, JdbcClient jdbc, String merchant, String no, long fen,
            UnaryOperator<String> edit) {
        orders(pipeline).create(merchant, no, fen);
        await().atMost(WAIT).until(() -> status(jdbc, no), "PENDING"::equals);
        pipeline.bean(PipelineService.SANDBOX, CallbackScenarios.class)
            .choose(OrderRef.of(Channel.WECHATPAY, merchant, no), CallbackScenario.DROP);
        WechatPayPayments.Payment payment = payments(pipeline).pay(merchant, no, fen, null, 1);
        String tenant = jdbc.sql("SELECT tenant_id FROM orders WHERE merchant_id = :m AND out_trade_no = :o")
            .param("m", merchant)
            .param("o", no)
            .query(String.class)
            .single();
        Timestamp now = Timestamp.from(Instant.now());
        var keys = new GeneratedKeyHolder();
        jdbc.sql("""
                INSERT INTO pay_notify_raw (tenant_id, merchant_id, sp_merchant_id, channel, channel_trade_no,
                    out_trade_no, notify_id, trade_state, payment_state, order_amount_minor, paid_amount_minor,
                    paid_at, currency, handled, outcome, attempts, last_error, raw_body, created_at, updated_at,
                    last_delivered_at)
                VALUES (:tenant, :merchant, NULL, 'wechatpay', :tradeNo, :out, :notifyId, 'SUCCESS', 'UNKNOWN',
                    :total, 0, NULL, 'CNY', 2, 'UNKNOWN_STATE', 0, 'unknown channel state SUCCESS', :body, :now,
                    :now, :now)""")
            .param("tenant", tenant)
            .param("merchant", merchant)
            .param("tradeNo", payment.spec().transactionId())
            .param("out", no)
            .param("notifyId", payment.notification().id())
            .param("total", fen)
            .param("body", edit.apply(new String(payment.notification().body(), StandardCharsets.UTF_8)))
            .param("now", now)
            .update(keys, "id");
        return keys.getKeyAs(Number.class).longValue();
    }

}
