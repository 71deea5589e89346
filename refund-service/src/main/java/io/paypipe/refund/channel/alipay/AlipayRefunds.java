package io.paypipe.refund.channel.alipay;

import com.alipay.api.AlipayApiException;
import com.alipay.api.AlipayClient;
import com.alipay.api.DefaultAlipayClient;
import com.alipay.api.domain.AlipayTradeFastpayRefundQueryModel;
import com.alipay.api.domain.AlipayTradeRefundModel;
import com.alipay.api.internal.util.AlipayLogger;
import com.alipay.api.request.AlipayTradeFastpayRefundQueryRequest;
import com.alipay.api.request.AlipayTradeRefundRequest;
import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.refund.channel.ChannelRefunds;
import io.paypipe.refund.channel.RefundCall;
import io.paypipe.refund.channel.RefundOrder;
import io.paypipe.refund.config.RefundProperties;
import java.math.BigDecimal;
import java.security.Security;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Alipay's refund API through the official SDK: {@code alipay.trade.refund} with our
 * refund number as {@code out_request_no} (Alipay's idempotency key within the trade) and
 * {@code alipay.trade.fastpay.refund.query}, each signed RSA2 with the app's private key
 * ({@code alipay.appPrivateKey} in the merchants file) by a {@link DefaultAlipayClient}
 * that verifies every answer with Alipay's public key ({@code alipay.alipayPublicKey}).
 * What the answers mean: {@link AlipayAnswers}. An exception from the SDK (a timeout, a
 * 5xx, an answer it cannot parse or whose signature does not verify) is Unknown.
 * <p>
 * Two global side effects of the SDK are undone here: loading its client class clears the
 * JVM's {@code jdk.certpath.disabledAlgorithms} (restored right after), and its logger
 * writes request URLs with their signatures and whole answers (switched off; this class
 * logs ids and outcomes only). Service-provider (ISV) apps would need the merchant's
 * {@code app_auth_token}, which the merchants file does not carry: an ISV's refunds are
 * sent under its own app.
 */
@Component
public class AlipayRefunds implements ChannelRefunds {

    private static final Logger log = LoggerFactory.getLogger(AlipayRefunds.class);

    static final String CERTPATH_DISABLED = "jdk.certpath.disabledAlgorithms";

    static {
        String before = Security.getProperty(CERTPATH_DISABLED);
        try {
            Class.forName("com.alipay.api.AbstractAlipayClient", true, AlipayRefunds.class.getClassLoader());
        }
        catch (ClassNotFoundException e) {
            throw new ExceptionInInitializerError(e);
        }
        finally {
            if (before != null) {
                Security.setProperty(CERTPATH_DISABLED, before);
            }
        }
        AlipayLogger.setNeedEnableLogger(false);
    }

    private final String gatewayUrl;

    private final Duration connectTimeout;

    private final Duration readTimeout;

    private final AlipayAnswers answers;

    private final Map<Merchant.AlipayCredentials, AlipayClient> clients = new ConcurrentHashMap<>();

    @Autowired
    public AlipayRefunds(AlipayRefundsProperties properties, RefundProperties refund) {
        this(properties.gatewayUrl(), properties.connectTimeout(), refund.channelCallTimeout(), Clock.systemUTC());
    }

    public AlipayRefunds(String gatewayUrl, Duration connectTimeout, Duration readTimeout, Clock clock) {
        this.gatewayUrl = gatewayUrl;
        this.connectTimeout = connectTimeout;
        this.readTimeout = readTimeout;
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
        Merchant.AlipayCredentials credentials = order.merchant().alipay();
        if (credentials == null || blank(credentials.appPrivateKey()) || blank(credentials.alipayPublicKey())) {
            return Optional.of(new RefundCall.Unknown("alipay: the merchants file has no app private key or Alipay"
                    + " public key for " + order.merchant().merchantId()));
        }
        if (!"CNY".equals(order.amount().currency())) {
            return Optional.of(new RefundCall.Unknown("alipay refunds CNY, not " + order.amount().currency()));
        }
        return Optional.empty();
    }

    private AlipayClient client(Merchant merchant) {
        return clients.computeIfAbsent(merchant.alipay(), c -> {
            DefaultAlipayClient client = new DefaultAlipayClient(gatewayUrl, c.appId(), c.appPrivateKey(), "json",
                    "UTF-8", base64(c.alipayPublicKey()), "RSA2");
            client.setConnectTimeout((int) connectTimeout.toMillis());
            client.setReadTimeout((int) readTimeout.toMillis());
            return client;
        });
    }

    /** The key as the SDK takes it: Base64 X.509 without PEM armour or line breaks. */
    private static String base64(String key) {
        return key.replaceAll("-----(BEGIN|END) PUBLIC KEY-----", "").replaceAll("\\s", "");
    }

    private static String yuan(RefundOrder order) {
        return BigDecimal.valueOf(order.amount().minor(), 2).toPlainString();
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
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
