package io.paypipe.channel.wechatpay;

import com.wechat.pay.java.core.exception.HttpException;
import com.wechat.pay.java.core.exception.MalformedMessageException;
import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.core.exception.ValidationException;
import com.wechat.pay.java.core.http.Constant;
import com.wechat.pay.java.core.http.HttpClient;
import com.wechat.pay.java.core.http.HttpHeaders;
import com.wechat.pay.java.core.http.HttpMethod;
import com.wechat.pay.java.core.http.HttpRequest;
import com.wechat.pay.java.core.http.HttpResponse;
import com.wechat.pay.java.core.http.JsonResponseBody;
import com.wechat.pay.java.core.http.MediaType;
import com.wechat.pay.java.core.http.QueryParameter;
import com.wechat.pay.java.core.http.UrlEncoder;
import com.wechat.pay.java.service.partnerpayments.jsapi.model.CloseOrderRequest;
import com.wechat.pay.java.service.payments.jsapi.JsapiService;
import io.paypipe.channel.Merchants;
import io.paypipe.channel.query.ChannelQueries;
import io.paypipe.channel.query.CloseAnswer;
import io.paypipe.channel.query.QueriedOrder;
import io.paypipe.channel.query.QueryAnswer;
import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import java.net.http.HttpTimeoutException;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * WeChat Pay's order query and close through the official SDK, signed with the order's
 * merchant's key and verified with its platform keys ({@link WechatPayClients}): the
 * query is {@code GET /v3/pay/transactions/out-trade-no/{no}?mchid=} (partner:
 * {@code /v3/pay/partner/transactions/out-trade-no/{no}?sp_mchid=&sub_mchid=}) on the
 * SDK's HTTP client, built as the SDK's {@code JsapiService} builds it but keeping the
 * verified answer's body (stored with a payment); the close is the SDK's
 * {@code JsapiService.closeOrder} (partner: {@code partnerpayments.jsapi.JsapiService}).
 * What the answers mean: {@link WechatPayQueryAnswers}; a timeout, I/O, an unverified or
 * unreadable answer is Failed. Logs name the order and the outcome only.
 */
public final class WechatPayOrderQueries implements ChannelQueries, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(WechatPayOrderQueries.class);

    /**
     * The host the SDK builds every request for ({@link WechatPayApiClient} redirects
     * it).
     */
    static final String API = "https://api.mch.weixin.qq.com";

    private final Merchants merchants;

    private final WechatPayClients clients;

    public WechatPayOrderQueries(Merchants merchants, WechatPayEndpoint endpoint) {
        this.merchants = merchants;
        this.clients = new WechatPayClients(endpoint);
    }

    @Override
    public Channel channel() {
        return Channel.WECHATPAY;
    }

    @Override
    public QueryAnswer query(QueriedOrder order) {
        QueryAnswer answer = switch (client(order)) {
            case Credentials.Usable c ->
                call(c.client(), c.order(), WechatPayOrderQueries::queryOf, QueryAnswer.Failed::new,
                        e -> WechatPayQueryAnswers.ofQueryError(e.getHttpStatusCode(), e.getErrorCode()));
            case Credentials.Missing m -> new QueryAnswer.Unknown(m.why());
        };
        log.info("wechatpay query {}: {}", order.orderKey(), answer);
        return answer;
    }

    @Override
    public CloseAnswer close(QueriedOrder order) {
        CloseAnswer answer = switch (client(order)) {
            case Credentials.Usable c ->
                call(c.client(), c.order(), WechatPayOrderQueries::closeOf, CloseAnswer.Failed::new,
                        e -> WechatPayQueryAnswers.ofCloseError(e.getHttpStatusCode(), e.getErrorCode()));
            case Credentials.Missing m -> new CloseAnswer.Unknown(m.why());
        };
        log.info("wechatpay close {}: {}", order.orderKey(), answer);
        return answer;
    }

    private static QueryAnswer queryOf(HttpClient client, WechatPayOrder order) {
        HttpResponse<Object> response = client.execute(queryRequest(order), Object.class);
        if (!(response.getBody() instanceof JsonResponseBody body)) {
            return new QueryAnswer.Unknown("wechatpay query: an answer without a body");
        }
        return WechatPayQueryAnswers.ofTransaction(body.getBody(), order);
    }

    private static CloseAnswer closeOf(HttpClient client, WechatPayOrder order) {
        if (order.partner()) {
            CloseOrderRequest request = new CloseOrderRequest();
            request.setOutTradeNo(order.outTradeNo());
            request.setSpMchid(order.mchid());
            request.setSubMchid(order.subMchid().get());
            new com.wechat.pay.java.service.partnerpayments.jsapi.JsapiService.Builder().httpClient(client)
                .build()
                .closeOrder(request);
        }
        else {
            com.wechat.pay.java.service.payments.jsapi.model.CloseOrderRequest request = new com.wechat.pay.java.service.payments.jsapi.model.CloseOrderRequest();
            request.setOutTradeNo(order.outTradeNo());
            request.setMchid(order.mchid());
            new JsapiService.Builder().httpClient(client).build().closeOrder(request);
        }
        return new CloseAnswer.Closed();
    }

    /**
     * The query as the SDK's {@code queryOrderByOutTradeNo} sends it (the adapter sends
     * it to the endpoint instead of WeChat's host).
     */
    static HttpRequest queryRequest(WechatPayOrder order) {
        QueryParameter query = new QueryParameter();
        String path;
        if (order.partner()) {
            path = "/v3/pay/partner/transactions/out-trade-no/";
            query.add("sp_mchid", UrlEncoder.urlEncode(order.mchid()));
            query.add("sub_mchid", UrlEncoder.urlEncode(order.subMchid().get()));
        }
        else {
            path = "/v3/pay/transactions/out-trade-no/";
            query.add("mchid", UrlEncoder.urlEncode(order.mchid()));
        }
        HttpHeaders headers = new HttpHeaders();
        headers.addHeader(Constant.ACCEPT, MediaType.APPLICATION_JSON.getValue());
        headers.addHeader(Constant.CONTENT_TYPE, MediaType.APPLICATION_JSON.getValue());
        return new HttpRequest.Builder().httpMethod(HttpMethod.GET)
            .url(API + path + UrlEncoder.urlEncode(order.outTradeNo()) + query.getQueryStr())
            .headers(headers)
            .build();
    }

    /** One call: the SDK's exceptions become answers, none escapes. */
    private static <A> A call(HttpClient client, WechatPayOrder order, CallFunction<A> call, Function<String, A> failed,
            Function<ServiceException, A> onError) {
        try {
            return call.apply(client, order);
        }
        catch (ServiceException e) {
            return onError.apply(e);
        }
        catch (ValidationException e) {
            return failed.apply("wechatpay: an answer not signed by WeChat Pay");
        }
        catch (HttpException e) {
            return failed.apply(e.getCause() instanceof HttpTimeoutException ? "wechatpay: no answer in time"
                    : "wechatpay: no answer: "
                            + (e.getCause() == null ? "?" : e.getCause().getClass().getSimpleName()));
        }
        catch (MalformedMessageException e) {
            return failed.apply("wechatpay: a malformed answer");
        }
        catch (RuntimeException e) {
            // the SDK's own parsing (a body that is not JSON, a stale answer timestamp)
            return failed.apply("wechatpay: an answer the SDK cannot read: " + e.getClass().getSimpleName());
        }
    }

    /** The SDK client of the order's account, or why there is none. */
    private Credentials client(QueriedOrder order) {
        Optional<Merchant> account = merchants.of(Channel.WECHATPAY, order.orderKey().merchantId(),
                order.spMerchantId());
        String whose = "wechatpay merchant " + order.orderKey().merchantId()
                + order.spMerchantId().map(sp -> " under " + sp).orElse("");
        if (account.isEmpty()) {
            return new Credentials.Missing("no credentials: the merchants file has no " + whose);
        }
        try {
            return clients.of(account.get())
                .<Credentials>map(c -> new Credentials.Usable(c, WechatPayOrder.of(order, account.get())))
                .orElseGet(() -> new Credentials.Missing(
                        "no credentials: the merchants file gives " + whose + " no outbound key"));
        }
        catch (RuntimeException e) {
            return new Credentials.Missing("no credentials: the outbound key of " + whose + " is unusable");
        }
    }

    @Override
    public void close() {
        clients.close();
    }

    private sealed interface Credentials {

        record Usable(HttpClient client, WechatPayOrder order) implements Credentials {
        }

        record Missing(String why) implements Credentials {
        }

    }

    @FunctionalInterface
    private interface CallFunction<A> {

        A apply(HttpClient client, WechatPayOrder order);

    }

}
