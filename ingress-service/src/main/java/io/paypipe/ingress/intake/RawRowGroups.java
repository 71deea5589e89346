package io.paypipe.ingress.intake;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.ingress.intake.PaymentRawRepository.TradeKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DuplicateKeyException;

/**
 * What a {@link PaymentRawBatcher} writer does with the reservations it took together: a
 * group of one is reserved exactly as {@link PaymentRawRepository#reserve} does; a larger
 * group is read first ({@code SELECT} of its keys: a key stored by an earlier delivery is
 * that delivery's {@link Reservation.Existing}), and the rest are inserted by one
 * multi-row INSERT, whose ids are its generated keys where the server makes them
 * consecutive ({@link RowIds}, as {@link ServerRowIds} last asked), else read back.
 * Whatever the group cannot decide as the single-row path would (a second delivery of a
 * key within the group, a key inserted meanwhile by another instance, a row the table
 * refuses, the database gone) is answered {@link Grouped.Alone}: that reservation is made
 * again on its callback's own thread, the usual way, so one bad row never fails the
 * others.
 */
final class RawRowGroups {

    /** A payment waiting for its row, and when it was received. */
    record Pending(VerifiedPayment payment, Instant at) {
    }

    /** What a writer did for a reservation. */
    sealed interface Grouped {

        /** The row is reserved. */
        record Reserved(Reservation reservation) implements Grouped {
        }

        /** Reserve alone, on the callback's own thread. */
        record Alone() implements Grouped {
        }

        /** A group of one failed to store: the callback's storage failure. */
        record Failed(DataAccessException cause) implements Grouped {
        }

    }

    /** A reservation in a group, answered once. */
    record Request(Pending pending, TradeKey key, CompletableFuture<Grouped> done) {

        static Request of(VerifiedPayment n, Instant at) {
            return new Request(new Pending(n, at), TradeKey.of(n), new CompletableFuture<>());
        }

        void answer(Grouped grouped) {
            done.complete(grouped);
        }

    }

    static final Grouped.Alone ALONE = new Grouped.Alone();

    private static final Logger log = LoggerFactory.getLogger(RawRowGroups.class);

    private final PaymentRawRepository rows;

    private final MeterRegistry registry;

    private final DistributionSummary insertRows;

    private final ServerRowIds rowIds;

    /** Groups that learn their ids as the server allows ({@link ServerRowIds}). */
    RawRowGroups(PaymentRawRepository rows, MeterRegistry registry) {
        this(rows, registry, ServerRowIds.of(rows));
    }

    RawRowGroups(PaymentRawRepository rows, MeterRegistry registry, ServerRowIds rowIds) {
        this.rows = rows;
        this.registry = registry;
        this.rowIds = rowIds;
        this.insertRows = DistributionSummary.builder("paypipe.ingress.raw.insert.rows")
            .description("payment raw rows per INSERT")
            .register(registry);
    }

    /** Answers every request of {@code group}. */
    void store(List<Request> group) {
        if (group.size() == 1) {
            storeOne(group.getFirst());
            return;
        }
        Map<TradeKey, RawRow> existing = rows.findByTradeKeys(group.stream().map(Request::key).toList());
        List<Request> inserts = new ArrayList<>(group.size());
        List<Request> sameKey = new ArrayList<>();
        Set<TradeKey> keys = new HashSet<>();
        for (Request request : group) {
            RawRow row = existing.get(request.key());
            if (row != null) {
                request.answer(new Grouped.Reserved(new Reservation.Existing(row)));
            }
            else if (keys.add(request.key())) {
                inserts.add(request);
            }
            else {
                sameKey.add(request);
            }
        }
        insert(inserts);
        answerAlone(sameKey, "same-key");
    }

    /**
     * Answers every request of {@code requests} not answered yet {@link Grouped.Alone}.
     */
    void answerAlone(List<Request> requests, String reason) {
        long unanswered = requests.stream().filter(r -> !r.done().isDone()).count();
        if (unanswered > 0) {
            registry.counter("paypipe.ingress.raw.insert.alone", "reason", reason).increment(unanswered);
        }
        requests.forEach(r -> r.answer(ALONE));
    }

    /**
     * A group that failed before it was answered (the database gone, say): each reserves
     * alone, and the next group asks the server how it learns its ids again.
     */
    void failed(List<Request> group) {
        rowIds.forget();
        answerAlone(group, "failed");
    }

    private void storeOne(Request request) {
        try {
            Reservation reservation = rows.reserve(request.pending().payment(), request.pending().at());
            if (reservation instanceof Reservation.Created) {
                insertRows.record(1);
            }
            request.answer(new Grouped.Reserved(reservation));
        }
        catch (DataAccessException e) {
            rowIds.forget();
            request.answer(new Grouped.Failed(e));
        }
    }

    private void insert(List<Request> inserts) {
        if (inserts.isEmpty()) {
            return;
        }
        RowIds ids = rowIds.get();
        Optional<List<Long>> generated;
        try {
            generated = insertAll(inserts, ids);
        }
        catch (DuplicateKeyException e) {
            log.debug("raw-row group of {}: a key was inserted meanwhile; each reserves alone", inserts.size());
            answerAlone(inserts, "duplicate");
            return;
        }
        catch (DataAccessException e) {
            // class names only: a driver message may quote a fragment of a stored body
            log.warn("raw-row group of {} refused: {} <- {}; each reserves alone", inserts.size(),
                    e.getClass().getSimpleName(), e.getMostSpecificCause().getClass().getSimpleName());
            rowIds.forget();
            answerAlone(inserts, "refused");
            return;
        }
        insertRows.record(inserts.size());
        if (generated.isPresent() && generated.get().size() == inserts.size()) {
            for (int i = 0; i < inserts.size(); i++) {
                inserts.get(i).answer(new Grouped.Reserved(new Reservation.Created(generated.get().get(i))));
            }
            return;
        }
        generated.ifPresent(reported -> log.warn("raw-row group of {} stored but the driver reported {} ids; read back",
                inserts.size(), reported.size()));
        readBack(inserts);
    }

    /**
     * The group's one INSERT, and the ids it generated where {@code ids} says they are
     * its rows' own.
     */
    private Optional<List<Long>> insertAll(List<Request> inserts, RowIds ids) {
        List<Pending> pendings = inserts.stream().map(Request::pending).toList();
        return switch (ids) {
            case GENERATED -> Optional.of(rows.insertAllReturningIds(pendings));
            case READ_BACK -> {
                rows.insertAll(pendings);
                yield Optional.empty();
            }
        };
    }

    private void readBack(List<Request> inserts) {
        Map<TradeKey, RawRow> created = rows.findByTradeKeys(inserts.stream().map(Request::key).toList());
        for (Request request : inserts) {
            RawRow row = created.get(request.key());
            // none would be a key the database compares otherwise than Java: alone, it
            // finds its row as an earlier delivery's
            request.answer(row == null ? ALONE : new Grouped.Reserved(new Reservation.Created(row.id())));
        }
    }

}
