package io.paypipe.ingress.callback;

import io.paypipe.ingress.config.IngressProperties;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;

/**
 * Where a callback whose signature checked out meets the database and the broker, the
 * same for every channel.
 * <ol>
 * <li><b>One at a time per body.</b> Deliveries of the byte-identical body (a channel's
 * duplicates, a storm of them) that arrive while one of them is being stored wait for
 * that one and get its ack: the same bytes, verified, would be stored and published the
 * same way, and its ack says they were (or were not). A storm of one notification thus
 * takes one permit, not all of them, and leaves room for other orders; a waiting delivery
 * also leaves its {@link CallbackAdmission} place, so the waiters do not fill the
 * admission either.</li>
 * <li><b>The bulkhead</b>, with a short bounded wait ({@code ingress.bulkhead-wait}) for
 * a permit instead of an instant refusal; still none after it: the channel's fail ack
 * ({@link Rejection#BUSY}), one log line. From here on the callback's admission place is
 * {@linkplain CallbackAdmission.Place#timed() timed}: its answer tells the admission how
 * long the queue makes a callback wait.</li>
 * </ol>
 * Only verified callbacks come here: the body is read without a permit
 * ({@link CallbackBodyFilter}), and the signature checks are CPU work, done before.
 */
@Component
public class CallbackGate {

    private static final Logger log = LoggerFactory.getLogger(CallbackGate.class);

    private final CallbackBulkhead bulkhead;

    private final Duration wait;

    private final CallbackTally tally;

    private final ConcurrentHashMap<String, CompletableFuture<ResponseEntity<Object>>> inFlight = new ConcurrentHashMap<>();

    public CallbackGate(CallbackBulkhead bulkhead, IngressProperties properties, CallbackTally tally) {
        this.bulkhead = bulkhead;
        this.wait = properties.bulkheadWait();
        this.tally = tally;
    }

    /**
     * The ack of a verified callback of {@code channel} whose raw body is {@code body};
     * {@code store} does the work (and counts its outcome); {@code startNanos} is when
     * the callback's handling started, for the {@link CallbackTally} of what the gate
     * answers itself; {@code merchant} the verified merchant, for its meters;
     * {@code place} the callback's admission place, left here if it waits for an
     * identical body in flight.
     */
    public ResponseEntity<Object> store(ChannelAck channel, String merchant, byte[] body, long startNanos,
            CallbackAdmission.Place place, Supplier<ResponseEntity<Object>> store) {
        String key = channel.name() + ':' + sha256(body);
        CompletableFuture<ResponseEntity<Object>> mine = new CompletableFuture<>();
        CompletableFuture<ResponseEntity<Object>> running = inFlight.putIfAbsent(key, mine);
        if (running != null) {
            place.close();
            ResponseEntity<Object> ack = join(running);
            tally.other(channel, merchant, CallbackTally.IN_FLIGHT_DUPLICATE, startNanos);
            log.debug("{} delivery of a body already in flight answered with its ack, status {}", channel.label(),
                    ack.getStatusCode().value());
            return ack;
        }
        place.timed();
        try {
            ResponseEntity<Object> ack = admitted(channel, store, startNanos);
            mine.complete(ack);
            return ack;
        }
        catch (RuntimeException | Error e) {
            mine.completeExceptionally(e);
            throw e;
        }
        finally {
            inFlight.remove(key, mine);
        }
    }

    private ResponseEntity<Object> admitted(ChannelAck channel, Supplier<ResponseEntity<Object>> store,
            long startNanos) {
        if (!bulkhead.acquire(wait)) {
            tally.rejected(channel, Rejection.BUSY, startNanos);
            log.warn("{} refused: callback bulkhead saturated ({} in flight, waited {})", channel.label(),
                    bulkhead.limit(), wait);
            return channel.fail(Rejection.BUSY);
        }
        try {
            return store.get();
        }
        finally {
            bulkhead.release();
        }
    }

    private static ResponseEntity<Object> join(CompletableFuture<ResponseEntity<Object>> running) {
        try {
            return running.join();
        }
        catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw e;
        }
    }

    private static String sha256(byte[] body) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body));
        }
        catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is always available", e);
        }
    }

}
