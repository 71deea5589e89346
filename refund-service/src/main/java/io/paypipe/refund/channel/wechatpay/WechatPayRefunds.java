package io.paypipe.refund.channel.wechatpay;

import com.wechat.pay.java.core.exception.HttpException;
import com.wechat.pay.java.core.exception.MalformedMessageException;
import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.core.exception.ValidationException;
import com.wechat.pay.java.service.refund.RefundService;
import com.wechat.pay.java.service.refund.model.AmountReq;
import com.wechat.pay.java.service.refund.model.CreateRequest;
import com.wechat.pay.java.service.refund.model.QueryByOutRefundNoRequest;
import com.wechat.pay.java.service.refund.model.Refund;
import io.paypipe.channel.wechatpay.WechatPayApiClient;
import io.paypipe.channel.wechatpay.WechatPayClients;
import io.paypipe.channel.wechatpay.WechatPayEndpoint;
import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.refund.channel.ChannelRefunds;
import io.paypipe.refund.channel.RefundCall;
import io.paypipe.refund.channel.RefundOrder;
import java.net.URI;
import java.net.http.HttpTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * WeChat Pay's refund API through the official SDK's {@link RefundService}:
 * {@code create} ({@code POST /v3/refund/domestic/refunds}, our refund number as
 * {@code out_refund_no}, the trade by its {@code transaction_id}, {@code sub_mchid} in
 * partner mode, {@code amount.refund} this refund and {@code amount.total} the trade's
 * total, {@link RefundOrder#tradeTotal()}) and {@code queryByOutRefundNo}. Calls are
 * signed with the merchant's API key from the merchants file ({@code merchantSerialNo},
 * {@code merchantPrivateKeyPem}) and answers verified with its platform keys, through
 * channel-clients' {@link WechatPayClients} ({@link WechatPayApiClient}), which sends
 * them to {@code baseUrl} (the sandbox locally) within {@code callTimeout}. What the
 * answers mean: {@link RefundAnswers}; no usable answer (a timeout, a refused connection,
 * an answer not signed by WeChat, missing credentials) is {@link RefundCall.Unknown}.
 * Logs name the refund number and the outcome, never a key, a signature or an answer's
 * body.
 */
public final class WechatPayRefunds implements ChannelRefunds, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(WechatPayRefunds.class);

    /** WeChat's {@code reason}: string(80). */
    static final int MAX_REASON_LENGTH = 80;

    private final Duration callTimeout;

    private final Clock clock;

    private final WechatPayClients clients;

    public WechatPayRefunds(URI baseUrl, Duration callTimeout, Clock clock) {
        this.callTimeout = callTimeout;
        this.clock = clock;
        this.clients = new WechatPayClients(new WechatPayEndpoint(baseUrl, callTimeout));
    }

    @Override
    public Channel channel() {
        return Channel.WECHATPAY;
    }

    @Override
    public RefundCall refund(RefundOrder order) {
        CreateRequest request = new CreateRequest();
        request.setSubMchid(subMchid(order));
        if (order.channelTradeNo() != null) {
            request.setTransactionId(order.channelTradeNo().value());
        }
        else {
            request.setOutTradeNo(order.orderKey().outTradeNo().value());
        }
        request.setOutRefundNo(order.refundNo());
        request.setReason(reason(order.reason()));
        AmountReq amount = new AmountReq();
        amount.setRefund(order.amount().minor());
        // WeChat's amount.total is the original order amount (the coupon included), not
        // what the payer paid: any other total is PARAM_ERROR
        amount.setTotal(order.tradeTotal().minor());
        amount.setCurrency(order.amount().currency());
        request.setAmount(amount);
        return call("refund", order, service -> service.create(request), RefundAnswers::ofCreateError);
    }

    @Override
    public RefundCall query(RefundOrder order) {
        QueryByOutRefundNoRequest request = new QueryByOutRefundNoRequest();
        request.setOutRefundNo(order.refundNo());
        request.setSubMchid(subMchid(order));
        return call("query", order, service -> service.queryByOutRefundNo(request), RefundAnswers::ofQueryError);
    }

    private RefundCall call(String what, RefundOrder order, Function<RefundService, Refund> call,
            Function<ServiceException, RefundCall> onError) {
        RefundCall answer = answer(order, call, onError);
        log.info("wechatpay {} {} of {}: {}", what, order.refundNo(), order.orderKey(), summary(answer));
        return answer;
    }

    private RefundCall answer(RefundOrder order, Function<RefundService, Refund> call,
            Function<ServiceException, RefundCall> onError) {
        RefundService service;
        try {
            service = service(order.merchant());
        }
        catch (RuntimeException e) {
            return new RefundCall.Unknown("the merchant's WeChat Pay credentials are missing or unusable");
        }
        try {
            return RefundAnswers.ofRefund(call.apply(service), order, clock.instant());
        }
        catch (ServiceException e) {
            return onError.apply(e);
        }
        catch (ValidationException e) {
            return new RefundCall.Unknown("an answer not signed by WeChat Pay");
        }
        catch (HttpException e) {
            return new RefundCall.Unknown(
                    e.getCause() instanceof HttpTimeoutException ? "no answer within " + callTimeout
                            : "no answer: " + (e.getCause() == null ? "?" : e.getCause().getClass().getSimpleName()));
        }
        catch (MalformedMessageException e) {
            return new RefundCall.Unknown("a malformed answer");
        }
        catch (RuntimeException e) {
            // the SDK's own parsing (a body that is not JSON, a stale answer timestamp)
            return new RefundCall.Unknown("an answer the SDK cannot read: " + e.getClass().getSimpleName());
        }
    }

    /**
     * The SDK's refund service on the merchant's client: it signs as the merchant,
     * verifies with its platform keys.
     */
    private RefundService service(Merchant merchant) {
        return new RefundService.Builder()
            .httpClient(clients.of(merchant).orElseThrow(() -> new IllegalStateException("no outbound credentials")))
            .build();
    }

    /**
     * The sub_mchid in partner mode: the order's merchant, one of the service provider's
     * sub-merchants.
     */
    private static String subMchid(RefundOrder order) {
        return order.merchant().subMerchantIds().isEmpty() ? null : order.orderKey().merchantId().value();
    }

    private static String reason(String reason) {
        if (reason == null || reason.codePointCount(0, reason.length()) <= MAX_REASON_LENGTH) {
            return reason;
        }
        return reason.substring(0, reason.offsetByCodePoints(0, MAX_REASON_LENGTH));
    }

    private static String summary(RefundCall answer) {
        return switch (answer) {
            case RefundCall.Accepted a -> "accepted as " + a.channelRefundId();
            case RefundCall.Succeeded s -> "succeeded as " + s.channelRefundId();
            case RefundCall.Refused r -> "refused " + r.code();
            case RefundCall.NotFound n -> "not found";
            case RefundCall.Unknown u -> "unknown (" + u.why() + ")";
        };
    }

    @Override
    public void close() {
        clients.close();
    }

}
