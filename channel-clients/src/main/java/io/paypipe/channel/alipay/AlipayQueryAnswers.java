package io.paypipe.channel.alipay;

import io.paypipe.channel.query.CloseAnswer;
import io.paypipe.channel.query.QueryAnswer;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.money.Money;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The explicit answer table of Alipay's {@code alipay.trade.query} and
 * {@code alipay.trade.close}, read from the answer's raw text after the SDK verified it
 * (a successful answer always; an error only when it carries a {@code sign}). <pre>
 * query code 10000, trade_status   TRADE_SUCCESS, TRADE_FINISHED -> Paid
 *                                  TRADE_CLOSED with send_pay_date -> Refunded (paid, then refunded in full)
 *                                  TRADE_CLOSED without -> Closed      WAIT_BUYER_PAY -> Waiting
 *                                  anything else -> Unknown
 * close code 10000 -> Closed
 * both  40004 ACQ.TRADE_NOT_EXIST -> NotFound        close 40004 ACQ.TRADE_STATUS_ERROR -> AlreadyPaid
 *       40004 ACQ.SYSTEM_ERROR, 20000 (isp.unknow-error, aop.unknow-error) -> Failed
 *       40005 (isv.app-call-limited, isv.method-call-limited) -> RateLimited
 *       anything else -> Unknown
 * </pre> NotFound, AlreadyPaid and Unknown conclude something, so they need a signed
 * answer: unsigned, they are Failed. Alipay's {@code trade_status} cannot tell a partly
 * refunded trade (still TRADE_SUCCESS) from a paid one: Paid. Its TRADE_CLOSED is "unpaid
 * and closed, or paid and then refunded in full"; a trade that was paid has its
 * {@code send_pay_date}. A close is refused with ACQ.TRADE_STATUS_ERROR when the trade is
 * no longer waiting for the buyer: paid, or already closed, which the caller tells apart
 * with a query. Amounts are yuan, parsed exactly into fen ({@code total_amount}: the
 * order's; {@code receipt_amount}, else {@code buyer_pay_amount}, else the total: paid,
 * as ingress reads a notification); times are Beijing time.
 * <p>
 * The rate limit is the gateway's public code 40005 "调用频次超限" with
 * {@code isv.app-call-limited} (per app) or {@code isv.method-call-limited} (per API), in
 * Alipay's public error codes (opendocs.alipay.com common/02km9f, formerly
 * open/common/105806); no ACQ.* sub code says "rate limited". Code 20000 (service
 * unavailable: {@code isp.unknow-error}, {@code aop.unknow-error},
 * {@code aop.ACQ.SYSTEM_ERROR}) is a system error: Failed.
 */
final class AlipayQueryAnswers {

    static final String SUCCESS = "10000";

    static final String UNAVAILABLE = "20000";

    static final String BUSINESS_FAILED = "40004";

    static final String CALL_LIMITED = "40005";

    static final String TRADE_NOT_EXIST = "ACQ.TRADE_NOT_EXIST";

    static final String SYSTEM_ERROR = "ACQ.SYSTEM_ERROR";

    static final String TRADE_STATUS_ERROR = "ACQ.TRADE_STATUS_ERROR";

    static final String QUERY = "alipay_trade_query_response";

    static final String CLOSE = "alipay_trade_close_response";

    static final String CURRENCY = "CNY";

    static final ZoneId BEIJING = ZoneId.of("Asia/Shanghai");

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss");

    private static final JsonMapper JSON = JsonMapper.builder()
        .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
        .build();

    private AlipayQueryAnswers() {
    }

    /** What the answer {@code body} to the query of {@code outTradeNo} means. */
    static QueryAnswer ofQuery(String body, String outTradeNo) {
        Optional<Answer> read = read(body, QUERY);
        if (read.isEmpty()) {
            return new QueryAnswer.Failed("alipay query: an answer that is not Alipay's JSON");
        }
        Answer a = read.get();
        if (!SUCCESS.equals(a.code())) {
            return switch (error(a)) {
                case NOT_FOUND -> new QueryAnswer.NotFound(a.subCode());
                case RATE_LIMITED -> new QueryAnswer.RateLimited(a.subCode() == null ? a.code() : a.subCode());
                case FAILED -> new QueryAnswer.Failed("alipay query: " + a.codes());
                case TRADE_STATUS, UNKNOWN -> new QueryAnswer.Unknown("alipay query: " + a.codes());
            };
        }
        JsonNode t = a.node();
        if (!text(t, "out_trade_no").map(outTradeNo::equals).orElse(false)) {
            return new QueryAnswer.Unknown("alipay query: the answer names another out_trade_no");
        }
        String status = text(t, "trade_status").orElse("");
        Optional<Instant> paidAt = text(t, "send_pay_date").flatMap(AlipayQueryAnswers::instant);
        return switch (status) {
            case "TRADE_SUCCESS", "TRADE_FINISHED" -> payment(t, status, paidAt, body, false);
            case "TRADE_CLOSED" -> paidAt.isPresent() ? payment(t, status, paidAt, body, true)
                    : new QueryAnswer.Closed(text(t, "trade_no").map(ChannelTradeNo::of), status, body);
            case "WAIT_BUYER_PAY" -> new QueryAnswer.Waiting(status);
            default -> new QueryAnswer.Unknown("alipay query: trade_status " + (status.isEmpty() ? "missing" : status));
        };
    }

    /**
     * What the answer {@code body} to a close means; ACQ.TRADE_STATUS_ERROR is
     * AlreadyPaid until a query says the trade is closed.
     */
    static CloseAnswer ofClose(String body) {
        Optional<Answer> read = read(body, CLOSE);
        if (read.isEmpty()) {
            return new CloseAnswer.Failed("alipay close: an answer that is not Alipay's JSON");
        }
        Answer a = read.get();
        if (SUCCESS.equals(a.code())) {
            return new CloseAnswer.Closed();
        }
        return switch (error(a)) {
            case NOT_FOUND -> new CloseAnswer.NotFound(a.subCode());
            case TRADE_STATUS -> new CloseAnswer.AlreadyPaid(a.subCode());
            case RATE_LIMITED -> new CloseAnswer.RateLimited(a.subCode() == null ? a.code() : a.subCode());
            case FAILED -> new CloseAnswer.Failed("alipay close: " + a.codes());
            case UNKNOWN -> new CloseAnswer.Unknown("alipay close: " + a.codes());
        };
    }

    /** The kinds of Alipay's error answers. */
    enum Error {

        NOT_FOUND, TRADE_STATUS, RATE_LIMITED, FAILED, UNKNOWN

    }

    /** The error rows of the table; an unsigned answer can only be transient. */
    static Error error(Answer a) {
        Error kind = switch (a.code()) {
            case BUSINESS_FAILED -> switch (String.valueOf(a.subCode())) {
                case TRADE_NOT_EXIST -> Error.NOT_FOUND;
                case TRADE_STATUS_ERROR -> Error.TRADE_STATUS;
                case SYSTEM_ERROR -> Error.FAILED;
                default -> Error.UNKNOWN;
            };
            case UNAVAILABLE -> Error.FAILED;
            case CALL_LIMITED -> Error.RATE_LIMITED;
            default -> Error.UNKNOWN;
        };
        boolean concludes = kind == Error.NOT_FOUND || kind == Error.TRADE_STATUS || kind == Error.UNKNOWN;
        return concludes && !a.signed() ? Error.FAILED : kind;
    }

    private static QueryAnswer payment(JsonNode t, String status, Optional<Instant> paidAt, String body,
            boolean refunded) {
        Optional<String> tradeNo = text(t, "trade_no");
        Optional<Money> total = amount(t, "total_amount");
        Optional<Money> paid = amount(t, "receipt_amount").or(() -> amount(t, "buyer_pay_amount")).or(() -> total);
        if (tradeNo.isEmpty() || total.isEmpty() || paid.isEmpty() || paidAt.isEmpty()) {
            return new QueryAnswer.Unknown("alipay query: " + status
                    + " without trade_no, a valid total_amount, receipt amount or send_pay_date");
        }
        ChannelTradeNo no = ChannelTradeNo.of(tradeNo.get());
        return refunded ? new QueryAnswer.Refunded(no, status, total.get(), paid.get(), paidAt.get(), body)
                : new QueryAnswer.Paid(no, status, total.get(), paid.get(), paidAt.get(), body);
    }

    /** The answer's node for {@code method} (or Alipay's {@code error_response}). */
    private static Optional<Answer> read(String body, String method) {
        if (body == null) {
            return Optional.empty();
        }
        try {
            JsonNode root = JSON.readTree(body);
            JsonNode node = root.has(method) ? root.get(method) : root.get("error_response");
            if (node == null || !node.isObject() || text(node, "code").isEmpty()) {
                return Optional.empty();
            }
            boolean signed = text(root, "sign").isPresent();
            return Optional.of(new Answer(text(node, "code").get(), text(node, "sub_code").orElse(null), signed, node));
        }
        catch (JacksonException e) {
            return Optional.empty();
        }
    }

    /**
     * A yuan amount as fen, exactly (a JSON number is read as a BigDecimal, never a
     * double).
     */
    private static Optional<Money> amount(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !(value.isString() || value.isNumber())) {
            return Optional.empty();
        }
        try {
            String text = value.isString() ? value.asString() : value.decimalValue().toPlainString();
            return Optional.of(Money.parseMajor(text, CURRENCY));
        }
        catch (IllegalArgumentException | ArithmeticException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isString() && !value.asString().isBlank() ? Optional.of(value.asString())
                : Optional.empty();
    }

    private static Optional<Instant> instant(String text) {
        try {
            return Optional.of(LocalDateTime.parse(text, TIME).atZone(BEIJING).toInstant());
        }
        catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /** One answer: its codes, whether it was signed, and its method node. */
    record Answer(String code, String subCode, boolean signed, JsonNode node) {

        String codes() {
            return code + (subCode == null ? "" : " " + subCode) + (signed ? "" : " (unsigned)");
        }

    }

}
