package io.paypipe.channel.wechatpay;

import io.paypipe.channel.query.CloseAnswer;
import io.paypipe.channel.query.QueryAnswer;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.money.Money;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The explicit answer table of WeChat Pay's order query and close, applied to answers the
 * SDK verified (the signature of every answer, an error's too:
 * {@link WechatPayApiClient}). <pre>
 * query 200, trade_state   SUCCESS -> Paid    REFUND -> Refunded (paid, then refunded)
 *                          NOTPAY, USERPAYING -> Waiting
 *                          CLOSED, REVOKED, PAYERROR -> Closed
 *                          anything else -> Unknown
 * query error              404 ORDER_NOT_EXIST -> NotFound
 *                          429, FREQUENCY_LIMITED, RATELIMIT_EXCEEDED -> RateLimited
 *                          5xx, SYSTEM_ERROR -> Failed
 *                          anything else -> Unknown
 * close 204 -> Closed      400 ORDERPAID -> AlreadyPaid    404 ORDER_NOT_EXIST -> NotFound
 *                          429 / rate codes -> RateLimited    5xx, SYSTEM_ERROR -> Failed
 *                          anything else -> Unknown
 * </pre> A 200 about another order or merchant, or a paid one without its transaction id,
 * amounts or success time, is Unknown. Amounts are integer fen ({@code amount.total}: the
 * order's, {@code amount.payer_total}: paid, in {@code currency} /
 * {@code payer_currency}, CNY when absent, as ingress reads them). Timeouts, I/O and
 * unverified answers are Failed where the call is made ({@link WechatPayOrderQueries}).
 */
final class WechatPayQueryAnswers {

    static final String ORDER_NOT_EXIST = "ORDER_NOT_EXIST";

    static final String ORDER_PAID = "ORDERPAID";

    static final String SYSTEM_ERROR = "SYSTEM_ERROR";

    static final Set<String> RATE_LIMIT_CODES = Set.of("FREQUENCY_LIMITED", "RATELIMIT_EXCEEDED");

    static final String DEFAULT_CURRENCY = "CNY";

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private WechatPayQueryAnswers() {
    }

    /** What a 200 answer to the query of {@code order} means. */
    static QueryAnswer ofTransaction(String body, WechatPayOrder order) {
        JsonNode tx;
        try {
            tx = JSON.readTree(body);
        }
        catch (JacksonException e) {
            return new QueryAnswer.Unknown("wechatpay query: an answer that is not JSON");
        }
        Optional<String> other = otherOrder(tx, order);
        if (other.isPresent()) {
            return new QueryAnswer.Unknown("wechatpay query: the answer names another " + other.get());
        }
        Optional<String> state = text(tx, "trade_state");
        if (state.isEmpty()) {
            return new QueryAnswer.Unknown("wechatpay query: an answer without trade_state");
        }
        return switch (state.get()) {
            case "SUCCESS", "REFUND" -> payment(tx, state.get(), body);
            case "NOTPAY", "USERPAYING" -> new QueryAnswer.Waiting(state.get());
            case "CLOSED", "REVOKED", "PAYERROR" ->
                new QueryAnswer.Closed(text(tx, "transaction_id").map(ChannelTradeNo::of), state.get(), body);
            default -> new QueryAnswer.Unknown("wechatpay query: trade_state " + state.get());
        };
    }

    /** What a verified error answer to a query means. */
    static QueryAnswer ofQueryError(int status, String code) {
        if (status == 404 && ORDER_NOT_EXIST.equals(code)) {
            return new QueryAnswer.NotFound(code);
        }
        if (rateLimited(status, code)) {
            return new QueryAnswer.RateLimited(code == null ? "HTTP " + status : code);
        }
        if (status >= 500 || SYSTEM_ERROR.equals(code)) {
            return new QueryAnswer.Failed("wechatpay query: HTTP " + status + " " + code);
        }
        return new QueryAnswer.Unknown("wechatpay query: HTTP " + status + " " + code);
    }

    /**
     * What a verified error answer to a close means (204 is {@link CloseAnswer.Closed}).
     */
    static CloseAnswer ofCloseError(int status, String code) {
        if (status == 400 && ORDER_PAID.equals(code)) {
            return new CloseAnswer.AlreadyPaid(code);
        }
        if (status == 404 && ORDER_NOT_EXIST.equals(code)) {
            return new CloseAnswer.NotFound(code);
        }
        if (rateLimited(status, code)) {
            return new CloseAnswer.RateLimited(code == null ? "HTTP " + status : code);
        }
        if (status >= 500 || SYSTEM_ERROR.equals(code)) {
            return new CloseAnswer.Failed("wechatpay close: HTTP " + status + " " + code);
        }
        return new CloseAnswer.Unknown("wechatpay close: HTTP " + status + " " + code);
    }

    private static boolean rateLimited(int status, String code) {
        return status == 429 || (code != null && RATE_LIMIT_CODES.contains(code));
    }

    /** SUCCESS: Paid; REFUND (the payment was refunded since): Refunded. */
    private static QueryAnswer payment(JsonNode tx, String state, String body) {
        Optional<String> tradeNo = text(tx, "transaction_id");
        JsonNode amount = tx.path("amount");
        Optional<Long> total = fen(amount, "total");
        Optional<Long> payerTotal = fen(amount, "payer_total");
        Optional<Instant> paidAt = text(tx, "success_time").flatMap(WechatPayQueryAnswers::instant);
        if (tradeNo.isEmpty() || total.isEmpty() || payerTotal.isEmpty() || paidAt.isEmpty()) {
            return new QueryAnswer.Unknown("wechatpay query: " + state
                    + " without transaction_id, amount.total, amount.payer_total or a valid success_time");
        }
        String currency = text(amount, "currency").orElse(DEFAULT_CURRENCY);
        String payerCurrency = text(amount, "payer_currency").orElse(currency);
        Money orderAmount;
        Money paidAmount;
        try {
            orderAmount = Money.of(total.get(), currency);
            paidAmount = Money.of(payerTotal.get(), payerCurrency);
        }
        catch (IllegalArgumentException e) {
            return new QueryAnswer.Unknown("wechatpay query: " + state + " in a currency that is not ISO 4217");
        }
        ChannelTradeNo no = ChannelTradeNo.of(tradeNo.get());
        return state.equals("REFUND") ? new QueryAnswer.Refunded(no, state, orderAmount, paidAmount, paidAt.get(), body)
                : new QueryAnswer.Paid(no, state, orderAmount, paidAmount, paidAt.get(), body);
    }

    /**
     * The field by which the answer is about another order than {@code order}: its
     * out_trade_no, or its merchant (mchid; sp_mchid and sub_mchid in partner mode).
     */
    private static Optional<String> otherOrder(JsonNode tx, WechatPayOrder order) {
        if (differs(tx, "out_trade_no", order.outTradeNo())) {
            return Optional.of("out_trade_no");
        }
        if (order.partner()) {
            if (differs(tx, "sp_mchid", order.mchid()) || differs(tx, "sub_mchid", order.subMchid().get())) {
                return Optional.of("merchant");
            }
        }
        else if (differs(tx, "mchid", order.mchid())) {
            return Optional.of("merchant");
        }
        return Optional.empty();
    }

    private static boolean differs(JsonNode node, String field, String expected) {
        return text(node, field).map(value -> !value.equals(expected)).orElse(true);
    }

    private static Optional<String> text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isString() && !value.asString().isBlank() ? Optional.of(value.asString())
                : Optional.empty();
    }

    private static Optional<Long> fen(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isIntegralNumber() && value.canConvertToLong() && value.asLong() >= 0
                ? Optional.of(value.asLong()) : Optional.empty();
    }

    private static Optional<Instant> instant(String text) {
        try {
            return Optional.of(OffsetDateTime.parse(text).toInstant());
        }
        catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

}
