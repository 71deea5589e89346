package io.paypipe.channel.wechatpay;

import static io.paypipe.channel.InProcessSandbox.WECHAT_DIRECT;
import static io.paypipe.channel.InProcessSandbox.WECHAT_OTHER_DIRECT;
import static io.paypipe.channel.InProcessSandbox.WECHAT_PROVIDER;
import static io.paypipe.channel.InProcessSandbox.WECHAT_SUB_MERCHANT;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.paypipe.channel.InProcessSandbox;
import io.paypipe.channel.query.CloseAnswer;
import io.paypipe.channel.query.QueriedOrder;
import io.paypipe.channel.query.QueryAnswer;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.money.Money;
import io.paypipe.sandbox.query.ChannelCall.Operation;
import io.paypipe.sandbox.query.QueryFault;
import io.paypipe.sandbox.wechatpay.PaymentSpec;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * {@link WechatPayOrderQueries} against the sandbox's WeChat Pay order API, through the
 * official SDK, with the credentials of the merchants file the sandbox wrote.
 */
class WechatPayOrderQueriesIntegrationTest {

    private static final InProcessSandbox SANDBOX = InProcessSandbox.get();

    private static final WechatPayOrderQueries QUERIES = new WechatPayOrderQueries(SANDBOX.merchants(),
            new WechatPayEndpoint(URI.create(SANDBOX.baseUrl()), InProcessSandbox.CALL_TIMEOUT));

    @AfterAll
    static void closeClient() {
        QUERIES.close();
    }

    @Test
    void aPaidOrderIsPaidWithItsTradeAmountsAndTheVerifiedBody() {
        // Given an order WeChat paid
        String no = InProcessSandbox.outTradeNo("WX-PAID");
        PaymentSpec paid = SANDBOX.wechatpay().pay(WECHAT_DIRECT, no, 1_234, null, 1).spec();

        // When it is queried
        QueryAnswer answer = QUERIES.query(direct(WECHAT_DIRECT, no, 1_234));

        // Then it is paid, as WeChat's verified answer says
        assertThat(answer).isInstanceOfSatisfying(QueryAnswer.Paid.class, p -> {
            assertThat(p.tradeNo()).isEqualTo(ChannelTradeNo.of(paid.transactionId()));
            assertThat(p.channelState()).isEqualTo("SUCCESS");
            assertThat(p.orderAmount()).isEqualTo(Money.of(1_234, "CNY"));
            assertThat(p.paidAmount()).isEqualTo(Money.of(1_234, "CNY"));
            assertThat(p.body()).contains("\"transaction_id\":\"" + paid.transactionId() + "\"");
        });
    }

    @Test
    void anUnpaidOrderIsWaitingNotpayThenUserpaying() {
        String no = InProcessSandbox.outTradeNo("WX-WAIT");
        SANDBOX.wechatpay().place(WECHAT_DIRECT, no, 500);

        QueryAnswer notpay = QUERIES.query(direct(WECHAT_DIRECT, no, 500));
        SANDBOX.setState(Channel.WECHATPAY, WECHAT_DIRECT, no, "USERPAYING");
        QueryAnswer userpaying = QUERIES.query(direct(WECHAT_DIRECT, no, 500));

        assertThat(notpay).isEqualTo(new QueryAnswer.Waiting("NOTPAY"));
        assertThat(userpaying).isEqualTo(new QueryAnswer.Waiting("USERPAYING"));
    }

    @Test
    void anOrderWeChatNeverHadIsNotFound() {
        QueryAnswer answer = QUERIES.query(direct(WECHAT_DIRECT, InProcessSandbox.outTradeNo("WX-NONE"), 100));

        assertThat(answer).isEqualTo(new QueryAnswer.NotFound("ORDER_NOT_EXIST"));
    }

    @Test
    void aPaidOrderQueriedUnderAnotherMerchantIsNotFoundNeverWaitingOrClosed() {
        // Given an order paid at one merchant
        String no = InProcessSandbox.outTradeNo("WX-WRONG");
        SANDBOX.wechatpay().pay(WECHAT_DIRECT, no, 700, null, 1);

        // When it is queried under another merchant's credentials, and under a
        // sub-merchant's
        QueryAnswer other = QUERIES.query(direct(WECHAT_OTHER_DIRECT, no, 700));
        QueryAnswer sub = QUERIES.query(partner(no, 700));

        // Then WeChat says it has no such order: not found, which never means unpaid
        assertThat(other).isEqualTo(new QueryAnswer.NotFound("ORDER_NOT_EXIST"));
        assertThat(sub).isEqualTo(new QueryAnswer.NotFound("ORDER_NOT_EXIST"));
    }

    @Test
    void anOrderWeChatFiledUnderAnotherMerchantIsNotFoundUnderItsOwn() {
        String no = InProcessSandbox.outTradeNo("WX-MISFILED");
        SANDBOX.wechatpay().place(WECHAT_DIRECT, no, 800);
        SANDBOX.misfile(Channel.WECHATPAY, WECHAT_DIRECT, no, WECHAT_OTHER_DIRECT);

        assertThat(QUERIES.query(direct(WECHAT_DIRECT, no, 800)))
            .isEqualTo(new QueryAnswer.NotFound("ORDER_NOT_EXIST"));
        assertThat(QUERIES.close(direct(WECHAT_DIRECT, no, 800)))
            .isEqualTo(new CloseAnswer.NotFound("ORDER_NOT_EXIST"));
    }

    @Test
    void aRateLimitedQueryIsRateLimited() {
        String no = InProcessSandbox.outTradeNo("WX-RATE");
        SANDBOX.wechatpay().place(WECHAT_DIRECT, no, 100);
        SANDBOX.failNext(Channel.WECHATPAY, QueryFault.RATE_LIMITED, Operation.QUERY, WECHAT_DIRECT);

        assertThat(QUERIES.query(direct(WECHAT_DIRECT, no, 100)))
            .isEqualTo(new QueryAnswer.RateLimited("FREQUENCY_LIMITED"));
        assertThat(QUERIES.query(direct(WECHAT_DIRECT, no, 100))).isEqualTo(new QueryAnswer.Waiting("NOTPAY"));
    }

    @Test
    void aServerErrorIsFailed() {
        String no = InProcessSandbox.outTradeNo("WX-5XX");
        SANDBOX.wechatpay().place(WECHAT_DIRECT, no, 100);
        SANDBOX.failNext(Channel.WECHATPAY, QueryFault.SERVER_ERROR, Operation.QUERY, WECHAT_DIRECT);

        assertThat(QUERIES.query(direct(WECHAT_DIRECT, no, 100))).isInstanceOf(QueryAnswer.Failed.class);
    }

    @Test
    void aQueryWithoutAnAnswerIsFailedWithinTheCallTimeout() {
        String no = InProcessSandbox.outTradeNo("WX-TIMEOUT");
        SANDBOX.wechatpay().place(WECHAT_DIRECT, no, 100);
        SANDBOX.failNext(Channel.WECHATPAY, QueryFault.TIMEOUT, Operation.QUERY, WECHAT_DIRECT);

        long start = System.nanoTime();
        QueryAnswer answer = QUERIES.query(direct(WECHAT_DIRECT, no, 100));
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(answer).isInstanceOfSatisfying(QueryAnswer.Failed.class,
                f -> assertThat(f.reason()).contains("in time"));
        assertThat(took).isLessThan(InProcessSandbox.CALL_TIMEOUT.plusSeconds(2))
            .isLessThan(InProcessSandbox.TIMEOUT_HOLD);
    }

    @Test
    void closingAnUnpaidOrderClosesItAndTheQueryThenSaysClosed() {
        String no = InProcessSandbox.outTradeNo("WX-CLOSE");
        SANDBOX.wechatpay().place(WECHAT_DIRECT, no, 300);

        CloseAnswer closed = QUERIES.close(direct(WECHAT_DIRECT, no, 300));
        QueryAnswer after = QUERIES.query(direct(WECHAT_DIRECT, no, 300));

        assertThat(closed).isEqualTo(new CloseAnswer.Closed());
        assertThat(after).isInstanceOfSatisfying(QueryAnswer.Closed.class,
                c -> assertThat(c.channelState()).isEqualTo("CLOSED"));
    }

    @Test
    void closingAPaidOrderIsAlreadyPaid() {
        String no = InProcessSandbox.outTradeNo("WX-CLOSE-PAID");
        SANDBOX.wechatpay().pay(WECHAT_DIRECT, no, 300, null, 1);

        assertThat(QUERIES.close(direct(WECHAT_DIRECT, no, 300))).isEqualTo(new CloseAnswer.AlreadyPaid("ORDERPAID"));
    }

    @Test
    void anOrderPaidJustBeforeItsCloseIsAlreadyPaidAndTheQueryFindsItPaid() {
        String no = InProcessSandbox.outTradeNo("WX-RACE");
        SANDBOX.wechatpay().place(WECHAT_DIRECT, no, 300);
        SANDBOX.paidDuringClose(Channel.WECHATPAY, WECHAT_DIRECT, no);

        CloseAnswer close = QUERIES.close(direct(WECHAT_DIRECT, no, 300));

        assertThat(close).isEqualTo(new CloseAnswer.AlreadyPaid("ORDERPAID"));
        assertThat(QUERIES.query(direct(WECHAT_DIRECT, no, 300))).isInstanceOf(QueryAnswer.Paid.class);
    }

    @Test
    void aSubMerchantsOrderIsQueriedAndClosedUnderItsServiceProvider() {
        // Given a paid order and an unpaid one of a sub-merchant of the service provider
        String paidNo = InProcessSandbox.outTradeNo("WX-SP-PAID");
        String openNo = InProcessSandbox.outTradeNo("WX-SP-OPEN");
        SANDBOX.wechatpay().pay(WECHAT_SUB_MERCHANT, paidNo, 900, null, 1);
        SANDBOX.wechatpay().place(WECHAT_SUB_MERCHANT, openNo, 900);

        // When they are queried and the unpaid one closed, with the provider's key
        QueryAnswer paid = QUERIES.query(partner(paidNo, 900));
        CloseAnswer closed = QUERIES.close(partner(openNo, 900));

        // Then the partner API answered for the sub-merchant
        assertThat(paid).isInstanceOf(QueryAnswer.Paid.class);
        assertThat(((QueryAnswer.Paid) paid).body()).contains("\"sub_mchid\":\"" + WECHAT_SUB_MERCHANT + "\"");
        assertThat(closed).isEqualTo(new CloseAnswer.Closed());
        assertThat(QUERIES.query(partner(openNo, 900))).isInstanceOf(QueryAnswer.Closed.class);
        assertThat(SANDBOX.calls(Channel.WECHATPAY, WECHAT_SUB_MERCHANT, paidNo))
            .allSatisfy(call -> assertThat(call.callerId()).isEqualTo(WECHAT_PROVIDER));
    }

    @Test
    void anOrderWhoseMerchantHasNoCredentialsIsUnknownNeverNotFound() {
        QueriedOrder order = InProcessSandbox.order(Channel.WECHATPAY, "1900000999", Optional.empty(), "WX-NOKEY",
                Money.of(100, "CNY"), Optional.empty());

        assertThat(QUERIES.query(order)).isInstanceOfSatisfying(QueryAnswer.Unknown.class,
                u -> assertThat(u.what()).startsWith("no credentials"));
        assertThat(QUERIES.close(order)).isInstanceOf(CloseAnswer.Unknown.class);
    }

    @Test
    void answersNotSignedWithTheMerchantsPlatformKeyAreFailedNeverPaidOrNotFound() {
        // Given the merchant's platform key id bound to another merchant's public key
        String paidNo = InProcessSandbox.outTradeNo("WX-FORGED");
        SANDBOX.wechatpay().pay(WECHAT_DIRECT, paidNo, 100, null, 1);
        Merchant.PlatformKey foreign = SANDBOX.merchant(WECHAT_OTHER_DIRECT).wechatpay().platformKeys().getFirst();
        try (WechatPayOrderQueries distrusting = new WechatPayOrderQueries(
                SANDBOX.merchantsWith(WECHAT_DIRECT, m -> withPlatformKeyOf(m, foreign)),
                new WechatPayEndpoint(URI.create(SANDBOX.baseUrl()), InProcessSandbox.CALL_TIMEOUT))) {

            // When a paid order and an unknown one are queried, and the paid one closed
            QueryAnswer paid = distrusting.query(direct(WECHAT_DIRECT, paidNo, 100));
            QueryAnswer unknown = distrusting.query(direct(WECHAT_DIRECT, InProcessSandbox.outTradeNo("WX-X"), 100));
            CloseAnswer close = distrusting.close(direct(WECHAT_DIRECT, paidNo, 100));

            // Then no answer is believed: the SDK could not verify them
            assertThat(paid).isInstanceOfSatisfying(QueryAnswer.Failed.class,
                    f -> assertThat(f.reason()).contains("not signed"));
            assertThat(unknown).isInstanceOf(QueryAnswer.Failed.class);
            assertThat(close).isInstanceOf(CloseAnswer.Failed.class);
        }
    }

    @Test
    void logsNameTheOrderAndTheOutcomeButNeverTheAnswersBody() {
        String no = InProcessSandbox.outTradeNo("WX-LOG");
        SANDBOX.wechatpay().pay(WECHAT_DIRECT, no, 100, null, 1);
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        ListAppender<ILoggingEvent> logs = new ListAppender<>();
        logs.start();
        root.addAppender(logs);
        QueryAnswer.Paid paid;
        try {
            paid = (QueryAnswer.Paid) QUERIES.query(direct(WECHAT_DIRECT, no, 100));
        }
        finally {
            root.detachAppender(logs);
        }

        List<String> lines = logs.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
        assertThat(lines).filteredOn(l -> l.contains(no)).singleElement().asString().contains("Paid");
        assertThat(lines).noneSatisfy(l -> assertThat(l).containsAnyOf("openid", "payer", "success_time",
                "Wechatpay-Signature", paid.body()));
    }

    private static Merchant withPlatformKeyOf(Merchant m, Merchant.PlatformKey foreign) {
        Merchant.WechatPayCredentials c = m.wechatpay();
        Merchant.PlatformKey forged = new Merchant.PlatformKey(c.platformKeys().getFirst().id(),
                foreign.publicKeyPem());
        return new Merchant(m.tenant(), m.channel(), m.merchantId(), m.subMerchantIds(),
                new Merchant.WechatPayCredentials(c.apiV3Key(), c.appIds(), c.subAppIds(), List.of(forged),
                        c.merchantSerialNo(), c.merchantPrivateKeyPem()),
                null, null);
    }

    private static QueriedOrder direct(String merchantId, String no, long fen) {
        return InProcessSandbox.order(Channel.WECHATPAY, merchantId, Optional.empty(), no, Money.of(fen, "CNY"),
                Optional.empty());
    }

    private static QueriedOrder partner(String no, long fen) {
        return InProcessSandbox.order(Channel.WECHATPAY, WECHAT_SUB_MERCHANT, Optional.of(WECHAT_PROVIDER), no,
                Money.of(fen, "CNY"), Optional.empty());
    }

}
