package io.paypipe.ingress.callback;

import io.paypipe.core.topic.Json;
import io.paypipe.ingress.intake.IntakeOutcome;
import java.util.Map;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * Each channel's own acknowledgement, exactly as the channel reads it. Getting this wrong
 * either makes a channel push for a day, or stop when it should not.
 * <ul>
 * <li>WeChat Pay v3: success a bare 204; failure 4xx/5xx with
 * {@code {"code":"FAIL","message":"..."}}.</li>
 * <li>Alipay: the 7 characters {@code success} as plain text; anything else is a failure,
 * we answer {@code fail} (with a 4xx/5xx status, which Alipay treats the same).</li>
 * <li>Stripe: any 2xx is success; anything else is a failure and Stripe retries.</li>
 * </ul>
 * Content types are set explicitly, so the ack is written whatever the caller's
 * {@code Accept} says.
 */
public enum ChannelAck {

    WECHATPAY("wechatpay notification") {
        @Override
        public ResponseEntity<Object> success() {
            return ResponseEntity.noContent().build();
        }

        @Override
        public ResponseEntity<Object> fail(HttpStatusCode status, String message) {
            return ResponseEntity.status(status)
                .contentType(MediaType.APPLICATION_JSON)
                .body(new WechatFailBody("FAIL", message));
        }
    },

    ALIPAY("alipay notification") {
        @Override
        public ResponseEntity<Object> success() {
            return ResponseEntity.ok().contentType(MediaType.TEXT_PLAIN).body("success");
        }

        @Override
        public ResponseEntity<Object> fail(HttpStatusCode status, String message) {
            return ResponseEntity.status(status).contentType(MediaType.TEXT_PLAIN).body("fail");
        }
    },

    STRIPE("stripe event") {
        @Override
        public ResponseEntity<Object> success() {
            return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(Map.of("received", true));
        }

        @Override
        public ResponseEntity<Object> fail(HttpStatusCode status, String message) {
            return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON).body(Map.of("error", message));
        }
    };

    private final String label;

    ChannelAck(String label) {
        this.label = label;
    }

    /**
     * What a callback of this channel is called in log lines:
     * {@code wechatpay notification}, {@code stripe event}.
     */
    public String label() {
        return label;
    }

    /** The body of WeChat's fail ack. */
    public record WechatFailBody(String code, String message) {
    }

    public abstract ResponseEntity<Object> success();

    /**
     * The body of an ack as the channel receives it: plain text as is, anything else as
     * JSON.
     */
    static String text(Object body) {
        return body instanceof String text ? text : Json.MAPPER.writeValueAsString(body);
    }

    public abstract ResponseEntity<Object> fail(HttpStatusCode status, String message);

    public ResponseEntity<Object> fail(Rejection rejection) {
        return fail(rejection.status(), rejection.message());
    }

    /**
     * The ack of what became of a verified notification: success once it is stored (and
     * published), else the fail ack.
     */
    public ResponseEntity<Object> answer(IntakeOutcome outcome) {
        return switch (outcome) {
            case IntakeOutcome.Published p -> success();
            case IntakeOutcome.AlreadySettled s -> success();
            case IntakeOutcome.StateChangedRepublished r -> success();
            case IntakeOutcome.Logged l -> success();
            case IntakeOutcome.StorageFailed s -> fail(Rejection.STORAGE_FAILED);
            case IntakeOutcome.PublishFailed p -> fail(Rejection.PUBLISH_FAILED);
        };
    }

    /** The channel whose endpoint {@code path} is; WeChat's format for anything else. */
    public static ChannelAck forPath(String path) {
        if (path != null && path.startsWith("/notify/alipay")) {
            return ALIPAY;
        }
        if (path != null && path.startsWith("/notify/stripe")) {
            return STRIPE;
        }
        return WECHATPAY;
    }

}
