package io.paypipe.channel.alipay;

import static io.paypipe.channel.InProcessSandbox.ALIPAY_APP;
import static io.paypipe.channel.InProcessSandbox.ALIPAY_OTHER_APP;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.channel.InProcessSandbox;
import io.paypipe.channel.query.CloseAnswer;
import io.paypipe.channel.query.QueriedOrder;
import io.paypipe.channel.query.QueryAnswer;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.money.Money;
import io.paypipe.sandbox.alipay.AlipayTrade;
import io.paypipe.sandbox.query.ChannelCall.Operation;
import io.paypipe.sandbox.query.QueryFault;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link AlipayOrderQueries} against the sandbox's Alipay gateway, through the official
 * SDK, with the credentials of the merchants file the sandbox wrote.
 */
class AlipayOrderQueriesIntegrationTest {

    private static final InProcessSandbox SANDBOX = InProcessSandbox.get();

    private static final AlipayOrderQueries QUERIES = new AlipayOrderQueries(SANDBOX.merchants(),
            new AlipayEndpoint(SANDBOX.baseUrl() + "/sandbox/alipay/gateway.do", InProcessSandbox.CALL_TIMEOUT,
                    InProcessSandbox.CALL_TIMEOUT));

    @Test
    void aPaidTradeIsPaidWithItsTradeExactAmountsAndTheSignedBody() {
        // Given a trade Alipay paid: 128.01 of which the merchant received 120.01
        String no = InProcessSandbox.outTradeNo("ALI-PAID");
        AlipayTrade trade = SANDBOX.alipay().pay(ALIPAY_APP, no, 12_801, 12_001L, 1).trade();

        // When it is queried
        QueryAnswer answer = QUERIES.query(order(ALIPAY_APP, no, 12_801));

        // Then it is paid, in fen parsed exactly from Alipay's yuan
        assertThat(answer).isInstanceOfSatisfying(QueryAnswer.Paid.class, p -> {
            assertThat(p.tradeNo()).isEqualTo(ChannelTradeNo.of(trade.tradeNo()));
            assertThat(p.channelState()).isEqualTo("TRADE_SUCCESS");
            assertThat(p.orderAmount()).isEqualTo(Money.of(12_801, "CNY"));
            assertThat(p.paidAmount()).isEqualTo(Money.of(12_001, "CNY"));
            assertThat(p.body()).contains("alipay_trade_query_response").contains("\"sign\"");
        });
    }

    @Test
    void anUnpaidTradeIsWaiting() {
        String no = InProcessSandbox.outTradeNo("ALI-WAIT");
        SANDBOX.alipay().place(ALIPAY_APP, no, 500);

        assertThat(QUERIES.query(order(ALIPAY_APP, no, 500))).isEqualTo(new QueryAnswer.Waiting("WAIT_BUYER_PAY"));
    }

    @Test
    void aTradeAlipayNeverHadIsNotFound() {
        assertThat(QUERIES.query(order(ALIPAY_APP, InProcessSandbox.outTradeNo("ALI-NONE"), 100)))
            .isEqualTo(new QueryAnswer.NotFound("ACQ.TRADE_NOT_EXIST"));
    }

    @Test
    void aPaidTradeQueriedUnderAnotherAppIsNotFoundNeverWaitingOrClosed() {
        String no = InProcessSandbox.outTradeNo("ALI-WRONG");
        SANDBOX.alipay().pay(ALIPAY_APP, no, 700, null, 1);

        assertThat(QUERIES.query(order(ALIPAY_OTHER_APP, no, 700)))
            .isEqualTo(new QueryAnswer.NotFound("ACQ.TRADE_NOT_EXIST"));
        assertThat(QUERIES.close(order(ALIPAY_OTHER_APP, no, 700)))
            .isEqualTo(new CloseAnswer.NotFound("ACQ.TRADE_NOT_EXIST"));
    }

    @Test
    void theGatewaySheddingLoadIsFailedAndTheNextQueryAnswers() {
        // Given the sandbox's "rate limited" fault: a signed code 20000 with sub_code
        // aop.ACQ.SYSTEM_ERROR (Alipay's own rate limit, code 40005
        // isv.app-call-limited / isv.method-call-limited, is RateLimited: unit-tested)
        String no = InProcessSandbox.outTradeNo("ALI-SHED");
        SANDBOX.alipay().place(ALIPAY_APP, no, 100);
        SANDBOX.failNext(Channel.ALIPAY, QueryFault.RATE_LIMITED, Operation.QUERY, ALIPAY_APP);

        QueryAnswer shed = QUERIES.query(order(ALIPAY_APP, no, 100));
        QueryAnswer next = QUERIES.query(order(ALIPAY_APP, no, 100));

        assertThat(shed).isInstanceOfSatisfying(QueryAnswer.Failed.class,
                f -> assertThat(f.reason()).contains("20000"));
        assertThat(next).isEqualTo(new QueryAnswer.Waiting("WAIT_BUYER_PAY"));
    }

    @Test
    void aServerErrorIsFailed() {
        String no = InProcessSandbox.outTradeNo("ALI-5XX");
        SANDBOX.alipay().place(ALIPAY_APP, no, 100);
        SANDBOX.failNext(Channel.ALIPAY, QueryFault.SERVER_ERROR, Operation.QUERY, ALIPAY_APP);

        assertThat(QUERIES.query(order(ALIPAY_APP, no, 100))).isInstanceOf(QueryAnswer.Failed.class);
    }

    @Test
    void aQueryWithoutAnAnswerIsFailedWithinTheReadTimeout() {
        String no = InProcessSandbox.outTradeNo("ALI-TIMEOUT");
        SANDBOX.alipay().place(ALIPAY_APP, no, 100);
        SANDBOX.failNext(Channel.ALIPAY, QueryFault.TIMEOUT, Operation.QUERY, ALIPAY_APP);

        long start = System.nanoTime();
        QueryAnswer answer = QUERIES.query(order(ALIPAY_APP, no, 100));
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(answer).isInstanceOfSatisfying(QueryAnswer.Failed.class,
                f -> assertThat(f.reason()).contains("SocketTimeoutException"));
        assertThat(took).isLessThan(InProcessSandbox.CALL_TIMEOUT.plusSeconds(2))
            .isLessThan(InProcessSandbox.TIMEOUT_HOLD);
    }

    @Test
    void closingAnUnpaidTradeClosesItAndTheQueryThenSaysClosed() {
        String no = InProcessSandbox.outTradeNo("ALI-CLOSE");
        SANDBOX.alipay().place(ALIPAY_APP, no, 300);

        CloseAnswer closed = QUERIES.close(order(ALIPAY_APP, no, 300));
        QueryAnswer after = QUERIES.query(order(ALIPAY_APP, no, 300));
        CloseAnswer again = QUERIES.close(order(ALIPAY_APP, no, 300));

        assertThat(closed).isEqualTo(new CloseAnswer.Closed());
        assertThat(after).isInstanceOfSatisfying(QueryAnswer.Closed.class,
                c -> assertThat(c.channelState()).isEqualTo("TRADE_CLOSED"));
        // a second close is refused (ACQ.TRADE_STATUS_ERROR), and the query tells it
        // closed
        assertThat(again).isEqualTo(new CloseAnswer.Closed());
    }

    @Test
    void closingAPaidTradeIsAlreadyPaid() {
        String no = InProcessSandbox.outTradeNo("ALI-CLOSE-PAID");
        SANDBOX.alipay().pay(ALIPAY_APP, no, 300, null, 1);

        assertThat(QUERIES.close(order(ALIPAY_APP, no, 300)))
            .isEqualTo(new CloseAnswer.AlreadyPaid("ACQ.TRADE_STATUS_ERROR"));
    }

    @Test
    void aTradePaidJustBeforeItsCloseIsAlreadyPaidAndTheQueryFindsItPaid() {
        String no = InProcessSandbox.outTradeNo("ALI-RACE");
        SANDBOX.alipay().place(ALIPAY_APP, no, 300);
        SANDBOX.paidDuringClose(Channel.ALIPAY, ALIPAY_APP, no);

        assertThat(QUERIES.close(order(ALIPAY_APP, no, 300)))
            .isEqualTo(new CloseAnswer.AlreadyPaid("ACQ.TRADE_STATUS_ERROR"));
        assertThat(QUERIES.query(order(ALIPAY_APP, no, 300))).isInstanceOf(QueryAnswer.Paid.class);
    }

    @Test
    void anAppWithoutCredentialsIsUnknownNeverNotFound() {
        QueriedOrder order = order("2021000100000999", "ALI-NOKEY", 100);

        assertThat(QUERIES.query(order)).isInstanceOfSatisfying(QueryAnswer.Unknown.class,
                u -> assertThat(u.what()).startsWith("no credentials"));
        assertThat(QUERIES.close(order)).isInstanceOf(CloseAnswer.Unknown.class);
    }

    @Test
    void answersNotSignedWithAlipaysKeyForTheAppAreFailedNeverPaidOrNotFound() {
        // Given the app's Alipay public key replaced by the other app's
        String paidNo = InProcessSandbox.outTradeNo("ALI-FORGED");
        SANDBOX.alipay().pay(ALIPAY_APP, paidNo, 100, null, 1);
        String foreign = SANDBOX.merchant(ALIPAY_OTHER_APP).alipay().alipayPublicKey();
        AlipayOrderQueries distrusting = new AlipayOrderQueries(SANDBOX.merchantsWith(ALIPAY_APP, m -> {
            Merchant.AlipayCredentials c = m.alipay();
            return new Merchant(m.tenant(), m.channel(), m.merchantId(), m.subMerchantIds(), null,
                    new Merchant.AlipayCredentials(c.appId(), c.sellerId(), c.authAppSellerIds(), foreign,
                            c.appPrivateKey()),
                    null);
        }), new AlipayEndpoint(SANDBOX.baseUrl() + "/sandbox/alipay/gateway.do", InProcessSandbox.CALL_TIMEOUT,
                InProcessSandbox.CALL_TIMEOUT));

        // When a paid trade and an unknown one are queried
        QueryAnswer paid = distrusting.query(order(ALIPAY_APP, paidNo, 100));
        QueryAnswer unknown = distrusting.query(order(ALIPAY_APP, InProcessSandbox.outTradeNo("ALI-X"), 100));

        // Then neither is believed: the SDK's sign check failed
        assertThat(paid).isInstanceOf(QueryAnswer.Failed.class);
        assertThat(unknown).isInstanceOf(QueryAnswer.Failed.class);
    }

    private static QueriedOrder order(String appId, String no, long fen) {
        return InProcessSandbox.order(Channel.ALIPAY, appId, Optional.empty(), no, Money.of(fen, "CNY"),
                Optional.empty());
    }

}
