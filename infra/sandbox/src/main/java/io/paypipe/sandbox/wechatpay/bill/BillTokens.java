package io.paypipe.sandbox.wechatpay.bill;

import io.paypipe.sandbox.wechatpay.bill.BillStreams.Measured;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The download URLs step 1 hands out: a random token per bill, valid {@code ttl} (WeChat:
 * 5 minutes) for the merchant that asked, holding what the download sends (the bill as it
 * was when asked for, so the SHA-1 announced is the SHA-1 sent) and how.
 */
final class BillTokens {

    private static final SecureRandom RANDOM = new SecureRandom();

    /** One handed-out download. */
    record Issued(String callerMchid, TradeBill bill, boolean gzip, Measured measured, Instant expiresAt) {
    }

    private final Map<String, Issued> issued = new ConcurrentHashMap<>();

    private final Duration ttl;

    private final Clock clock;

    BillTokens(Duration ttl, Clock clock) {
        this.ttl = ttl;
        this.clock = clock;
    }

    /** A fresh token for the download of {@code bill}; expired tokens are forgotten. */
    String issue(String callerMchid, TradeBill bill, boolean gzip, Measured measured) {
        Instant now = clock.instant();
        issued.values().removeIf(i -> !now.isBefore(i.expiresAt()));
        byte[] random = new byte[24];
        RANDOM.nextBytes(random);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
        issued.put(token, new Issued(callerMchid, bill, gzip, measured, now.plus(ttl)));
        return token;
    }

    /**
     * The download of {@code token} for {@code callerMchid}; empty when unknown, expired
     * or handed to another merchant.
     */
    Optional<Issued> find(String token, String callerMchid) {
        Issued found = token == null ? null : issued.get(token);
        return Optional.ofNullable(found)
            .filter(i -> i.callerMchid().equals(callerMchid))
            .filter(i -> clock.instant().isBefore(i.expiresAt()));
    }

}
