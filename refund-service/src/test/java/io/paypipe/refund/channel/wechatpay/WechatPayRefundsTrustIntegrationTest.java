package io.paypipe.refund.channel.wechatpay;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.refund.channel.RefundCall;
import io.paypipe.refund.channel.RefundOrder;
import io.paypipe.refund.support.ChannelSandbox;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * What {@link WechatPayRefunds} believes: only answers signed with the merchant's
 * platform keys (under either serial), nothing without the merchant's own credentials,
 * and what it logs: ids and outcomes, never a key, a signature or the payer's account.
 */
class WechatPayRefundsTrustIntegrationTest {

    private static final String DIRECT = "1900000100";

    private static final String OTHER_DIRECT = "1900000101";

    private static final Duration CALL_TIMEOUT = Duration.ofMillis(800);

    private final ChannelSandbox sandbox = ChannelSandbox.get();

    private final WechatPayRefunds refunds = new WechatPayRefunds(sandbox.wechatpayBaseUrl(), CALL_TIMEOUT,
            Clock.systemUTC());

    @AfterEach
    void close() {
        refunds.close();
    }

    @Test
    void anAnswerNotSignedWithTheMerchantsPlatformKeyIsUnknownEvenARefusal() {
        // Given merchant 1900000100 trusting another merchant's platform key under its
        // own key ids
        RefundOrder order = RefundOrders.paid(sandbox, DIRECT, 10_000, 10_000);
        Merchant.WechatPayCredentials own = order.merchant().wechatpay();
        String otherPem = sandbox.merchant(OTHER_DIRECT).wechatpay().platformKeys().getFirst().publicKeyPem();
        Merchant deceived = RefundOrders.withCredentials(order.merchant(),
                new Merchant.WechatPayCredentials(own.apiV3Key(), own.appIds(), own.subAppIds(),
                        own.platformKeys().stream().map(k -> new Merchant.PlatformKey(k.id(), otherPem)).toList(),
                        own.merchantSerialNo(), own.merchantPrivateKeyPem()));
        RefundOrder refused = RefundOrders.another(order, 10_000);
        sandbox.chooseWechat(MerchantId.of(DIRECT), refused.refundNo(), "NOT_ENOUGH");

        // When it refunds twice: one the channel takes, one it refuses
        RefundCall taken = refunds.refund(RefundOrders.withMerchant(order, deceived));
        RefundCall notEnough = refunds.refund(RefundOrders.withMerchant(refused, deceived));

        // Then neither answer is believed: not even the refusal may fail a refund
        assertThat(taken).isEqualTo(new RefundCall.Unknown("an answer not signed by WeChat Pay"));
        assertThat(notEnough).isEqualTo(new RefundCall.Unknown("an answer not signed by WeChat Pay"));
    }

    @Test
    void answersSignedUnderTheCertificateSerialVerifyToo() {
        // Given the merchant's platform keys with the certificate serial first: the SDK
        // asks for answers signed under it
        RefundOrder order = RefundOrders.paid(sandbox, DIRECT, 10_000, 1_500);
        Merchant.WechatPayCredentials own = order.merchant().wechatpay();
        assertThat(own.platformKeys()).hasSize(2);
        Merchant switching = RefundOrders.withCredentials(order.merchant(),
                new Merchant.WechatPayCredentials(own.apiV3Key(), own.appIds(), own.subAppIds(),
                        List.of(own.platformKeys().get(1), own.platformKeys().get(0)), own.merchantSerialNo(),
                        own.merchantPrivateKeyPem()));

        // When, Then
        assertThat(refunds.refund(RefundOrders.withMerchant(order, switching))).isInstanceOf(RefundCall.Accepted.class);
    }

    @Test
    void aMerchantWithoutOutboundCredentialsIsUnknownAndNothingIsSent() {
        // Given a merchant entry that only receives notifications
        RefundOrder order = RefundOrders.paid(sandbox, DIRECT, 10_000, 1_000);
        Merchant.WechatPayCredentials own = order.merchant().wechatpay();
        Merchant receiveOnly = RefundOrders.withCredentials(order.merchant(),
                new Merchant.WechatPayCredentials(own.apiV3Key(), own.appIds(), own.subAppIds(), own.platformKeys()));

        // When
        RefundCall answer = refunds.refund(RefundOrders.withMerchant(order, receiveOnly));

        // Then
        assertThat(answer).isInstanceOf(RefundCall.Unknown.class);
        assertThat(sandbox.wechatRefundsOf(order.channelTradeNo())).isEmpty();
    }

    @Test
    void theLogNamesRefundsAndOutcomesButNoKeySignatureOrPayerAccount() {
        // Given every line refund-service logs
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        ListAppender<ILoggingEvent> lines = new ListAppender<>();
        lines.start();
        root.addAppender(lines);
        RefundOrder order = RefundOrders.paid(sandbox, DIRECT, 10_000, 1_000);
        try {
            // When a refund is made and queried
            refunds.refund(order);
            refunds.query(order);
        }
        finally {
            root.detachAppender(lines);
        }

        // Then
        List<String> logged = new ArrayList<>();
        lines.list.forEach(e -> logged.add(e.getFormattedMessage()));
        assertThat(logged).anySatisfy(line -> assertThat(line).contains(order.refundNo()).contains("accepted"));
        String privateKey = order.merchant().wechatpay().merchantPrivateKeyPem().lines().skip(1).findFirst().get();
        assertThat(String.join("\n", logged)).doesNotContain(privateKey, "signature=", "PRIVATE KEY", "支付用户零钱");
    }

}
