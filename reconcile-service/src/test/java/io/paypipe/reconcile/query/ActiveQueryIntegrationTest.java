package io.paypipe.reconcile.query;

import static io.paypipe.reconcile.support.QuerySandbox.WECHAT_A;
import static io.paypipe.reconcile.support.QuerySandbox.WECHAT_B;
import static io.paypipe.reconcile.support.QuerySandbox.WECHAT_C;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.id.Channel;
import io.paypipe.reconcile.support.QueryIntegrationBase;
import io.paypipe.sandbox.query.CallbackScenario;
import io.paypipe.sandbox.query.ChannelCall;
import io.paypipe.sandbox.query.CloseScenario;
import io.paypipe.sandbox.query.OrderRef;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DuplicateKeyException;

/**
 * The active query on the real broker and database against the sandbox: a lost callback
 * found by the query, the race between a callback and the query, the expiry (closed at
 * the channel and locally; paid during the close), and a wrong merchant that is never
 * read as unpaid.
 */
class ActiveQueryIntegrationTest extends QueryIntegrationBase {

    private static final Duration WAIT = Duration.ofSeconds(40);

    @Test
    void givenEveryCallbackDropped_whenTheOrderIsPaidAtTheChannel_thenTheQueryFindsItAndPublishesItAsACallbackWould() {
        // Given an order whose callbacks the channel drops, paid at the channel
        String no = outTradeNo("LOST");
        SANDBOX.callbacks().choose(OrderRef.of(Channel.WECHATPAY, WECHAT_A, no), CallbackScenario.DROP);
        long orderId = createOrder(WECHAT_A, no, 1_234);
        String tradeNo = SANDBOX.wechatpay().pay(WECHAT_A, no, 1_234, null, 1).spec().transactionId();

        // When the query chain runs
        await().atMost(WAIT).until(() -> chainState(orderId), "DONE"::equals);

        // Then the payment is one raw row learnt by the query, published as its own event
        List<Map<String, Object>> rows = raws(WECHAT_A, no);
        assertThat(rows).hasSize(1);
        assertThat(rows.getFirst()).containsEntry("source", "QUERY")
            .containsEntry("payment_state", "SUCCEEDED")
            .containsEntry("channel_trade_no", tradeNo);
        long rawId = ((Number) rows.getFirst().get("id")).longValue();
        List<ConsumerRecord<String, PaymentNotified>> events = notified
            .recordsFor(SANDBOX.orders().orderCreated(WECHAT_A, no, 1_234).orderKey().kafkaKey());
        assertThat(events).isNotEmpty().allSatisfy(r -> {
            assertThat(r.value().eventId()).isEqualTo(PaymentNotified.idFor(rawId));
            assertThat(r.value().state()).isEqualTo(PaymentState.SUCCEEDED);
            assertThat(r.value().paidAmount().minor()).isEqualTo(1_234);
            assertThat(new String(r.headers().lastHeader("paypipe-raw-id").value())).isEqualTo(Long.toString(rawId));
        });
        assertThat(SANDBOX.callbacks().status(OrderRef.of(Channel.WECHATPAY, WECHAT_A, no))).hasValueSatisfying(s -> {
            assertThat(s.dropped()).as("callbacks dropped").isPositive();
            assertThat(s.released()).as("callbacks delivered").isZero();
        });
    }

    @Test
    void givenTheCallbackStoredFirst_whenTheQueryFindsThePayment_thenItPublishesTheCallbacksRowNoSecondRow() {
        // Given a paid order whose callback is held until a query, and ingress storing
        // the
        // callback's row (as it would on delivery) before the first query
        String no = outTradeNo("RACE1");
        SANDBOX.callbacks().choose(OrderRef.of(Channel.WECHATPAY, WECHAT_B, no), CallbackScenario.HOLD_UNTIL_QUERIED);
        long orderId = createOrder(WECHAT_B, no, 800);
        String tradeNo = SANDBOX.wechatpay().pay(WECHAT_B, no, 800, null, 1).spec().transactionId();
        long callbackRaw = insertCallbackRow(WECHAT_B, no, tradeNo, 800);

        // When the query finds it paid
        await().atMost(WAIT).until(() -> chainState(orderId), "DONE"::equals);

        // Then one raw row (the callback's), and the query published that row's event
        assertThat(raws(WECHAT_B, no)).singleElement()
            .satisfies(r -> assertThat(r).containsEntry("source", "CALLBACK"));
        assertThat(notified.recordsFor(key(WECHAT_B, no))).isNotEmpty()
            .allSatisfy(r -> assertThat(r.value().eventId()).isEqualTo(PaymentNotified.idFor(callbackRaw)));
    }

    @Test
    void givenTheQueryAndTheReleasedCallbackAtOnce_whenBothStoreTheTrade_thenOneRowAndOneEventId() throws Exception {
        // Given a paid order whose callback the channel holds until a query finds it
        String no = outTradeNo("RACE2");
        SANDBOX.callbacks().choose(OrderRef.of(Channel.WECHATPAY, WECHAT_B, no), CallbackScenario.HOLD_UNTIL_QUERIED);
        long orderId = createOrder(WECHAT_B, no, 900);
        String tradeNo = SANDBOX.wechatpay().pay(WECHAT_B, no, 900, null, 1).spec().transactionId();

        // When the query finds it, and ingress stores the callback released by that query
        // at the same moment (a plain INSERT: the second is a duplicate)
        CompletableFuture<Void> ingress = CompletableFuture.runAsync(() -> {
            await().atMost(WAIT)
                .until(() -> SANDBOX.callbacks().status(OrderRef.of(Channel.WECHATPAY, WECHAT_B, no)),
                        s -> s.isPresent() && s.get().released() > 0);
            try {
                insertCallbackRow(WECHAT_B, no, tradeNo, 900);
            }
            catch (DuplicateKeyException queryCameFirst) {
                // the query stored the trade first: ingress acknowledges the duplicate
            }
        });
        await().atMost(WAIT).until(() -> chainState(orderId), "DONE"::equals);
        ingress.get();

        // Then one raw row, either source, and every published event is that row's
        List<Map<String, Object>> rows = raws(WECHAT_B, no);
        assertThat(rows).hasSize(1);
        long rawId = ((Number) rows.getFirst().get("id")).longValue();
        assertThat(notified.recordsFor(key(WECHAT_B, no))).isNotEmpty()
            .allSatisfy(r -> assertThat(r.value().eventId()).isEqualTo(PaymentNotified.idFor(rawId)));
    }

    @Test
    void givenAnOrderNeverPaid_whenItExpires_thenItIsClosedAtTheChannelAndLocally() {
        // Given an order nobody pays
        String no = outTradeNo("EXPIRE");
        long orderId = createOrder(WECHAT_C, no, 500);

        // When it expires
        await().atMost(WAIT).until(() -> chainState(orderId), "DONE"::equals);

        // Then the channel closed it, and so did we: CLOSED by ORDER_CANCELLED, audited,
        // order.closed published
        assertThat(SANDBOX.books().of(Channel.WECHATPAY).find(WECHAT_C, no)).hasValueSatisfying(o -> {
            assertThat(o.closed()).isTrue();
            assertThat(o.state()).isEqualTo("CLOSED");
        });
        assertThat(orderStatus(orderId)).isEqualTo("CLOSED");
        assertThat(jdbc.sql("SELECT closed_by FROM orders WHERE id = :id")
            .param("id", orderId)
            .query(String.class)
            .single()).isEqualTo("ORDER_CANCELLED");
        assertThat(jdbc.sql("""
                SELECT CONCAT(event, ' ', from_status, '->', to_status) FROM order_transition WHERE order_id = :id
                """).param("id", orderId).query(String.class).list())
            .containsExactly("ORDER_CANCELLED PENDING->CLOSED");
        assertThat(closed.recordsFor(key(WECHAT_C, no))).isNotEmpty()
            .allSatisfy(r -> assertThat(r.value().orderId().value()).isEqualTo(orderId));
        assertThat(raws(WECHAT_C, no)).isEmpty();
    }

    @Test
    void givenAnOrderPaidWhileTheExpiryClosesIt_whenTheCloseFindsItPaid_thenItIsPaidOnceNotClosedAndAlerted() {
        // Given an order whose payment lands just before our close
        String no = outTradeNo("PAIDCLOSE");
        long orderId = createOrder(WECHAT_C, no, 600);
        SANDBOX.closes().choose(OrderRef.of(Channel.WECHATPAY, WECHAT_C, no), CloseScenario.PAID_DURING_CLOSE);

        // When it expires
        await().atMost(WAIT).until(() -> chainState(orderId), "DONE"::equals);

        // Then it is not closed locally, the payment is one QUERY raw row, and alerted
        assertThat(orderStatus(orderId)).isEqualTo("PENDING");
        assertThat(raws(WECHAT_C, no)).singleElement().satisfies(r -> {
            assertThat(r).containsEntry("source", "QUERY");
            assertThat(r).containsEntry("payment_state", "SUCCEEDED");
        });
        assertThat(alerts("PAID_DURING_CLOSE", orderId)).isOne();
        assertThat(closed.recordsFor(key(WECHAT_C, no))).isEmpty();
    }

    @Test
    void givenTheChannelFilesTheOrderUnderAnotherMerchant_whenItIsQueriedUntilItsExpiry_thenItStaysPendingForAPerson() {
        // Given an order the channel knows only under another merchant
        String no = outTradeNo("MISFILED");
        long orderId = createOrder(WECHAT_A, no, 700);
        SANDBOX.books().of(Channel.WECHATPAY).misfile(WECHAT_A, no, WECHAT_B);

        // When its chain runs past the expiry
        await().atMost(WAIT).until(() -> chainState(orderId), "NEEDS_A_PERSON"::equals);

        // Then never unpaid: still PENDING, never closed at the channel, one alert
        assertThat(orderStatus(orderId)).isEqualTo("PENDING");
        List<ChannelCall> calls = SANDBOX.calls().of(OrderRef.of(Channel.WECHATPAY, WECHAT_A, no));
        assertThat(calls).hasSizeGreaterThan(2)
            .allSatisfy(c -> assertThat(c.operation()).isEqualTo(ChannelCall.Operation.QUERY))
            .allSatisfy(c -> assertThat(c.answer()).isEqualTo("ORDER_NOT_EXIST"));
        assertThat(alerts("QUERY_UNDECIDED", orderId)).isOne();
        assertThat(closed.recordsFor(key(WECHAT_A, no))).isEmpty();
    }

    @Test
    void givenTheOrderCreatedBeforeTheProcessorStoredIt_whenItIsStoredLater_thenTheChainStartsOnTheRetryTopics() {
        // Given an order.created whose order the processor stores a moment later
        String no = outTradeNo("LATE");
        var created = SANDBOX.orders().orderCreated(WECHAT_A, no, 300);
        SANDBOX.orders().publish(created);
        await().pollDelay(Duration.ofMillis(500)).atMost(WAIT).until(() -> true);
        long orderId = storeOrder(created);

        // Then its chain starts
        await().atMost(WAIT).until(() -> chainState(orderId), s -> !"NONE".equals(s));
    }

    private String key(String merchant, String no) {
        return SANDBOX.orders().orderCreated(merchant, no, 1).orderKey().kafkaKey();
    }

    /** The row ingress stores for WeChat's verified callback of the trade. */
    private long insertCallbackRow(String merchant, String no, String tradeNo, long fen) {
        var keys = new org.springframework.jdbc.support.GeneratedKeyHolder();
        Timestamp now = Timestamp.from(Instant.now());
        jdbc.sql("""
                INSERT INTO pay_notify_raw (tenant_id, merchant_id, sp_merchant_id, channel, channel_trade_no,
                    out_trade_no, notify_id, source, trade_state, payment_state, order_amount_minor, paid_amount_minor,
                    paid_at, currency, handled, attempts, raw_body, created_at, updated_at, last_delivered_at)
                VALUES (:tenant, :merchant, NULL, 'wechatpay', :tradeNo, :out, 'n-1', 'CALLBACK', 'SUCCESS',
                    'SUCCEEDED', :fen, :fen, :now, 'CNY', 0, 0, '{}', :now, :now, :now)
                """)
            .param("tenant", io.paypipe.reconcile.support.QuerySandbox.TENANT)
            .param("merchant", merchant)
            .param("tradeNo", tradeNo)
            .param("out", no)
            .param("fen", fen)
            .param("now", now)
            .update(keys, "id");
        return keys.getKeyAs(Number.class).longValue();
    }

}
