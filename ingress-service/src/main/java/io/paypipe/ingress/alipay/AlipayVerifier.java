package io.paypipe.ingress.alipay;

import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import java.util.Base64;
import java.util.Optional;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/**
 * Picks the app by {@code app_id} and verifies the signature with Alipay's key for that
 * app. Nothing of the parameters is trusted before: a notification valid for app A sent
 * as app B fails here, as B's key did not sign it. Alipay's notifications carry no signed
 * timestamp, so there is no replay window: a replay is a duplicate of a stored trade
 * number and changes nothing.
 */
@Component
class AlipayVerifier {

    private static final Pattern LOGGABLE_ID = Pattern.compile("[A-Za-z0-9_\\-]{1,32}");

    private final AlipayApps apps;

    AlipayVerifier(AlipayApps apps) {
        this.apps = apps;
    }

    /** A form whose signature the app in its {@code app_id} verified. */
    record Verified(AlipayApp app, AlipayForm form) {
    }

    Check<Verified> verify(AlipayForm form) {
        Optional<String> appId = form.get("app_id");
        if (appId.isEmpty()) {
            return Check.reject(Rejection.MALFORMED, "no app_id");
        }
        Optional<AlipayApp> app = apps.byAppId(appId.get());
        if (app.isEmpty()) {
            return Check.reject(Rejection.UNKNOWN_MERCHANT, "no Alipay app " + loggable(appId.get()));
        }
        if (form.get("sign").isEmpty()) {
            return Check.reject(Rejection.BAD_SIGNATURE, "no sign for app " + appId.get());
        }
        if (!isCanonicalBase64(form.get("sign").get())) {
            // the SDK's Base64 skips characters outside the alphabet ("ab,c" verifies as
            // "abc") and, like the JDK's,
            // ignores the unused bits of the last character: only what Alipay's encoder
            // makes is taken (fuzz finds)
            return Check.reject(Rejection.BAD_SIGNATURE, "sign is not canonical Base64 for app " + appId.get());
        }
        Optional<String> signType = form.get("sign_type");
        if (signType.isEmpty() || !signType.get().equals(AlipayApp.SIGN_TYPE)) {
            return Check.reject(Rejection.BAD_SIGNATURE, "sign_type "
                    + signType.map(AlipayVerifier::loggable).orElse("missing") + " is not RSA2 for app " + appId.get());
        }
        return app.get().verify(form).then(verified -> Check.ok(new Verified(app.get(), verified)));
    }

    private static boolean isCanonicalBase64(String sign) {
        try {
            return Base64.getEncoder().encodeToString(Base64.getDecoder().decode(sign)).equals(sign);
        }
        catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** A caller-controlled id as it may appear in a log line. */
    static String loggable(String id) {
        return LOGGABLE_ID.matcher(id).matches() ? id : "<unprintable, " + id.length() + " chars>";
    }

}
