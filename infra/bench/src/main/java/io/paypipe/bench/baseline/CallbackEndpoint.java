package io.paypipe.bench.baseline;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code POST /notify/wechatpay} the article's way, all on the request thread before the
 * answer: verify and decrypt, reserve (autocommit INSERT), business transaction,
 * downstream call, mark the log row done. The ack policy is the article's: a bad
 * signature fails without a row; a failed store fails (WeChat pushes again); stored but
 * the business or downstream failed answers success, the row staying at status 0 for the
 * retry job.
 */
final class CallbackEndpoint implements HttpHandler {

    private static final Logger log = LoggerFactory.getLogger(CallbackEndpoint.class);

    private record Ack(int status, byte[] body) {
        static final Ack SUCCESS = new Ack(200, "{\"code\":\"SUCCESS\"}".getBytes(StandardCharsets.UTF_8));

        static Ack fail(int status, String message) {
            String json = "{\"code\":\"FAIL\",\"message\":\"" + message.replace("\"", "'") + "\"}";
            return new Ack(status, json.getBytes(StandardCharsets.UTF_8));
        }
    }

    private final PaidNoticeVerifier verifier;

    private final CallbackLog callbackLog;

    private final PaymentTransition payments;

    private final DeliveryClient delivery;

    CallbackEndpoint(PaidNoticeVerifier verifier, CallbackLog callbackLog, PaymentTransition payments,
            DeliveryClient delivery) {
        this.verifier = verifier;
        this.callbackLog = callbackLog;
        this.payments = payments;
        this.delivery = delivery;
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            Ack ack;
            try {
                ack = ack(exchange);
            }
            catch (RuntimeException e) {
                log.warn("callback failed unexpectedly: {}", e.getClass().getSimpleName());
                ack = Ack.fail(500, "internal error");
            }
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(ack.status(), ack.body().length);
            exchange.getResponseBody().write(ack.body());
        }
    }

    private Ack ack(HttpExchange exchange) throws IOException {
        if (!"POST".equals(exchange.getRequestMethod())) {
            return Ack.fail(405, "POST only");
        }
        byte[] body = exchange.getRequestBody().readAllBytes();
        PaidNotice notice;
        try {
            notice = verifier.verify(exchange.getRequestHeaders(), body);
        }
        catch (PaidNoticeVerifier.Refused e) {
            log.warn("notification refused: {} (status {}, {} bytes)", e.getMessage(), e.status(), body.length);
            return Ack.fail(e.status(), e.getMessage());
        }
        return process(notice) ? Ack.SUCCESS : Ack.fail(500, "cannot store the notification");
    }

    /**
     * False when the notification could not be stored (fail ack, 500); true for every
     * other outcome.
     */
    private boolean process(PaidNotice notice) {
        Long id;
        try {
            id = callbackLog.reserve(notice);
        }
        catch (RuntimeException e) {
            log.warn("cannot reserve {}: {}", notice, e.getClass().getSimpleName());
            return false;
        }
        if (id == null) {
            return true; // already reserved by an earlier delivery
        }
        try {
            if (payments.apply(notice) == PaymentTransition.Outcome.TRANSITIONED) {
                delivery.notifyPaid(notice); // outside the transaction, as
                                             // deliveryService.notify
            }
            callbackLog.markDone(id);
        }
        catch (RuntimeException e) {
            String why = e instanceof PaymentTransition.BusinessFailure ? e.getMessage() : e.getClass().getSimpleName();
            log.warn("business step failed for {} (log row {} stays pending): {}", notice, id, why);
        }
        return true;
    }

}
