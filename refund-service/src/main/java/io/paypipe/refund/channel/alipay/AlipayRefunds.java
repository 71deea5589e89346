package io.paypipe.refund.channel.alipay;

import com.alipay.api.AlipayApiException;
import com.alipay.api.AlipayClient;
import com.alipay.api.DefaultAlipayClient;
import com.alipay.api.domain.AlipayTradeFastpayRefundQueryModel;
import com.alipay.api.domain.AlipayTradeRefundModel;
import com.alipay.api.request.AlipayTradeFastpayRefundQueryRequest;
import com.alipay.api.request.AlipayTradeRefundRequest;
import io.paypipe.channel.alipay.AlipayClients;
import io.paypipe.channel.alipay.AlipayEndpoint;
import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.refund.channel.ChannelRefunds;
import io.paypipe.refund.channel.RefundCall;
import io.paypipe.refund.channel.RefundOrder;
import io.paypipe.refund.config.RefundProperties;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Alipay's refund API through the official SDK: {@code alipay.trade.refund} with our
 * refund number as {@code out_request_no} (Alipay's idempotency key within the trade) and
 * {@code alipay.trade.fastpay.refund.query}, each signed RSA2 with the app's private key
 * ({@code alipay.appPrivateKey} in the merchants file) by a {@link DefaultAlipayClient}
 * that verifies every answer with Alipay's public key ({@code alipay.alipayPublicKey}),
 * built by channel-clients' {@link AlipayClients} (which also undoes the SDK's global
 * side effects: the JVM's disabled certificate algorithms, its logger). What the answers
 * mean: {@link AlipayAnswers}. An exception from the SDK (a timeout, a 5xx, an answer it
 * cannot parse or whose signature does not verify) is Unknown. This class logs ids and
 * outcomes only. Service-provider (ISV) apps would need the merchant's
 * {@code app_auth_token}, which the merchants file does not carry: an ISV's refunds are
 * sent under its own app.
 */
@Component
public class AlipayRefunds implements ChannelRefunds {

    private static final Logger log = LoggerFactory.getLogger(AlipayRefunds.class);

    static final String CERTPATH_DISABLED = AlipayClients.CERTPATH_DISABLED;

    private final AlipayClients clients;

    private final AlipayAnswers answers;

    @Autowired
    public AlipayRefunds(AlipayRefundsProperties properties, RefundProperties refund) {
        this(properties.gatewayUrl(), properties.connectTimeout(), refund.channelCallTimeout(), Clock.systemUTC());
    }

    public AlipayRefunds(String gatewayUrl, Duration connectTimeout, Duration readTimeout, Clock clock) {
        this.clients = new AlipayClients(new AlipayEndpoint(gatewayUrl, connectTimeout, readTimeout));
        this.answers = new AlipayAnswers(clock);
    }

    @Override
    public Channel channel() {
        return Channel.ALIPAY;
    }

    @Override
    public RefundCall refund(RefundOrder order) {
        Optional<RefundCall> unusable = unusable(order);
        if (unusable.isPresent()) {
            return unusable.get();
        }
        AlipayTradeRefundModel model = new AlipayTradeRefundModel();
        model.setTradeNo(order.channelTradeNo().value());
        model.setOutTradeNo(order.orderKey().outTradeNo().value());
        model.setOutRequestNo(order.refundNo());
        model.setRefundAmount(yuan(order));
        if (order.reason() != null && !order.reason().isBlank()) {
            model.setRefundReason(order.reason().length() > 256 ? order.reason().substring(0, 256) : order.reason());
        }
        AlipayTradeRefundRequest request = new AlipayTradeRefundRequest();
        request.setBizModel(model);
        RefundCall call;
        try {
            call = answers.refund(client(order.merchant()).execute(request), order);
        }
        catch (AlipayApiException | RuntimeException e) {
            call = new RefundCall.Unknown("alipay refund: no verified answer (" + cause(e) + ")");
        }
        log.info("alipay refund {} of {}: {}", order.refundNo(), order.orderKey(), outcome(call));
        return call;
    }

    @Override
    public RefundCall query(RefundOrder order) {
        Optional<RefundCall> unusable = unusable(order);
        if (unusable.isPresent()) {
            return unusable.get();
        }
        AlipayTradeFastpayRefundQueryModel model = new AlipayTradeFastpayRefundQueryModel();
        model.setTradeNo(order.channelTradeNo().value());
        model.setOutTradeNo(order.orderKey().outTradeNo().value());
        model.setOutRequestNo(order.refundNo());
        model.setQueryOptions(List.of("gmt_refund_pay"));
        AlipayTradeFastpayRefundQueryRequest request = new AlipayTradeFastpayRefundQueryRequest();
        request.setBizModel(model);
        RefundCall call;
        try {
            call = answers.query(client(order.merchant()).execute(request), order);
        }
        catch (AlipayApiException | RuntimeException e) {
            call = new RefundCall.Unknown("alipay refund query: no verified answer (" + cause(e) + ")");
        }
        log.info("alipay refund query {} of {}: {}", order.refundNo(), order.orderKey(), outcome(call));
        return call;
    }

    /** Why the refund cannot be sent at all: no outbound credentials, not yuan. */
    private static Optional<RefundCall> unusable(RefundOrder order) {
        if (!AlipayClients.canCallOut(order.merchant())) {
            return Optional.of(new RefundCall.Unknown("alipay: the merchants file has no app private key or Alipay"
                    + " public key for " + order.merchant().merchantId()));
        }
        if (!"CNY".equals(order.amount().currency())) {
            return Optional.of(new RefundCall.Unknown("alipay refunds CNY, not " + order.amount().currency()));
        }
        return Optional.empty();
    }

    private AlipayClient client(Merchant merchant) {
        return clients.of(merchant).orElseThrow(() -> new IllegalStateException("no outbound credentials"));
    }

    private static String yuan(RefundOrder order) {
        return BigDecimal.valueOf(order.amount().minor(), 2).toPlainString();
    }

    /** The innermost exception's class: never its message, which may quote the answer. */
    private static String cause(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getClass().getSimpleName();
    }

    static String outcome(RefundCall call) {
        return switch (call) {
            case RefundCall.Accepted a -> "accepted";
            case RefundCall.Succeeded s -> "succeeded";
            case RefundCall.Refused r -> "refused " + r.code();
            case RefundCall.NotFound n -> "not found";
            case RefundCall.Unknown u -> "unknown: " + u.why();
        };
    }

}
