package io.paypipe.channel.alipay;

import com.alipay.api.AlipayApiException;
import com.alipay.api.AlipayClient;
import com.alipay.api.domain.AlipayTradeCloseModel;
import com.alipay.api.domain.AlipayTradeQueryModel;
import com.alipay.api.request.AlipayTradeCloseRequest;
import com.alipay.api.request.AlipayTradeQueryRequest;
import io.paypipe.channel.Merchants;
import io.paypipe.channel.query.ChannelQueries;
import io.paypipe.channel.query.CloseAnswer;
import io.paypipe.channel.query.QueriedOrder;
import io.paypipe.channel.query.QueryAnswer;
import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Alipay's {@code alipay.trade.query} and {@code alipay.trade.close} of an order by its
 * {@code out_trade_no}, through the official SDK's {@code DefaultAlipayClient} of the
 * order's app ({@link AlipayClients}: signed with the app's private key, the answer's
 * sign verified with Alipay's public key). What the answers mean:
 * {@link AlipayQueryAnswers}; an exception from the SDK (a timeout, I/O, a 5xx, an answer
 * it cannot parse or whose sign does not verify) is Failed. A close refused with
 * ACQ.TRADE_STATUS_ERROR is followed by a query: a closed trade is Closed, a paid one
 * AlreadyPaid. Logs name the order and the outcome only.
 */
public final class AlipayOrderQueries implements ChannelQueries {

    private static final Logger log = LoggerFactory.getLogger(AlipayOrderQueries.class);

    private final Merchants merchants;

    private final AlipayClients clients;

    public AlipayOrderQueries(Merchants merchants, AlipayEndpoint endpoint) {
        this.merchants = merchants;
        this.clients = new AlipayClients(endpoint);
    }

    @Override
    public Channel channel() {
        return Channel.ALIPAY;
    }

    @Override
    public QueryAnswer query(QueriedOrder order) {
        Client client = client(order);
        QueryAnswer answer = client.sdk()
            .map(sdk -> query(sdk, order))
            .orElseGet(() -> new QueryAnswer.Unknown(client.missing()));
        log.info("alipay query {}: {}", order.orderKey(), answer);
        return answer;
    }

    @Override
    public CloseAnswer close(QueriedOrder order) {
        Client client = client(order);
        CloseAnswer answer = client.sdk()
            .map(sdk -> close(sdk, order))
            .orElseGet(() -> new CloseAnswer.Unknown(client.missing()));
        log.info("alipay close {}: {}", order.orderKey(), answer);
        return answer;
    }

    private static QueryAnswer query(AlipayClient sdk, QueriedOrder order) {
        String outTradeNo = order.orderKey().outTradeNo().value();
        AlipayTradeQueryModel model = new AlipayTradeQueryModel();
        model.setOutTradeNo(outTradeNo);
        AlipayTradeQueryRequest request = new AlipayTradeQueryRequest();
        request.setBizModel(model);
        try {
            return AlipayQueryAnswers.ofQuery(sdk.execute(request).getBody(), outTradeNo);
        }
        catch (AlipayApiException | RuntimeException e) {
            return new QueryAnswer.Failed("alipay query: no verified answer (" + cause(e) + ")");
        }
    }

    private static CloseAnswer close(AlipayClient sdk, QueriedOrder order) {
        AlipayTradeCloseModel model = new AlipayTradeCloseModel();
        model.setOutTradeNo(order.orderKey().outTradeNo().value());
        AlipayTradeCloseRequest request = new AlipayTradeCloseRequest();
        request.setBizModel(model);
        CloseAnswer answer;
        try {
            answer = AlipayQueryAnswers.ofClose(sdk.execute(request).getBody());
        }
        catch (AlipayApiException | RuntimeException e) {
            return new CloseAnswer.Failed("alipay close: no verified answer (" + cause(e) + ")");
        }
        if (!(answer instanceof CloseAnswer.AlreadyPaid refused)) {
            return answer;
        }
        // ACQ.TRADE_STATUS_ERROR: the trade no longer waits for the buyer; paid or
        // closed?
        return switch (query(sdk, order)) {
            case QueryAnswer.Paid p -> refused;
            case QueryAnswer.Refunded r -> refused;
            case QueryAnswer.Closed c -> new CloseAnswer.Closed();
            case QueryAnswer.Failed f -> new CloseAnswer.Failed(
                    "alipay close: " + refused.code() + ", and the query that tells paid from closed failed");
            case QueryAnswer.RateLimited r -> new CloseAnswer.RateLimited(r.code());
            case QueryAnswer.Waiting w ->
                new CloseAnswer.Unknown("alipay close: " + refused.code() + " but the query says " + w.channelState());
            case QueryAnswer.NotFound n ->
                new CloseAnswer.Unknown("alipay close: " + refused.code() + " but the query says " + n.code());
            case QueryAnswer.Unknown u ->
                new CloseAnswer.Unknown("alipay close: " + refused.code() + ", then " + u.what());
        };
    }

    /** The SDK client of the order's app, or why there is none. */
    private Client client(QueriedOrder order) {
        Optional<Merchant> account = merchants.of(Channel.ALIPAY, order.orderKey().merchantId(), order.spMerchantId());
        String whose = "alipay app " + order.orderKey().merchantId()
                + order.spMerchantId().map(sp -> " under " + sp).orElse("");
        if (account.isEmpty()) {
            return new Client(Optional.empty(), "no credentials: the merchants file has no " + whose);
        }
        return new Client(clients.of(account.get()),
                "no credentials: the merchants file gives " + whose + " no app private key or Alipay public key");
    }

    /** The innermost exception's class: never its message, which may quote the answer. */
    private static String cause(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getClass().getSimpleName();
    }

    private record Client(Optional<AlipayClient> sdk, String missing) {
    }

}
