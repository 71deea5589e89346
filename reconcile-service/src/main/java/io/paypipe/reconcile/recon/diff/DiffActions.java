package io.paypipe.reconcile.recon.diff;

import io.paypipe.core.money.Money;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * What a person does with an OPEN difference: ignore it (it stays IGNORED whatever a
 * rerun finds), or correct an AMOUNT difference: one {@code ledger_correction} row of the
 * channel's amount minus our effective amount, and the difference RESOLVED, in one
 * transaction (the guarded UPDATE first: of two people correcting at once one wins, the
 * other gets a conflict and writes nothing). Money rows are never updated.
 */
@Component
class DiffActions {

    /** What became of a person's action. */
    sealed interface Handling {

        record Done(Diff diff) implements Handling {
        }

        record NotFound() implements Handling {
        }

        /** The difference is not in a state (or of a category) the action applies to. */
        record Conflict(String why) implements Handling {
        }

    }

    private static final Logger log = LoggerFactory.getLogger(DiffActions.class);

    private final DiffRepository diffs;

    private final CorrectionRepository corrections;

    private final TransactionTemplate tx;

    private final Clock clock;

    DiffActions(DiffRepository diffs, CorrectionRepository corrections, TransactionTemplate tx, Clock clock) {
        this.diffs = diffs;
        this.corrections = corrections;
        this.tx = tx;
        this.clock = clock;
    }

    Handling ignore(long id, String by, String note) {
        if (diffs.ignore(id, by, note, clock.instant())) {
            log.info("recon diff {} ignored by {}", id, by);
            return done(id);
        }
        return diffs.find(id)
            .<Handling>map(d -> new Handling.Conflict("the difference is " + d.handleStatus()))
            .orElseGet(Handling.NotFound::new);
    }

    Handling correct(long id, String by, String note) {
        Optional<Diff> found = diffs.find(id);
        if (found.isEmpty()) {
            return new Handling.NotFound();
        }
        Diff diff = found.get();
        if (diff.category() != Category.AMOUNT) {
            return new Handling.Conflict("only an AMOUNT difference can be corrected, this one is " + diff.category());
        }
        if (diff.handleStatus() != HandleStatus.OPEN) {
            return new Handling.Conflict("the difference is " + diff.handleStatus());
        }
        Optional<Money> channel = Diff.amount(diff.channelValue());
        Optional<Money> local = Diff.amount(diff.localValue());
        if (channel.isEmpty() || local.isEmpty() || !channel.get().sameCurrency(local.get())) {
            return new Handling.Conflict("the two sides are not amounts of one currency: "
                    + diff.channelValue().orElse("-") + " / " + diff.localValue().orElse("-"));
        }
        Money amount = Money.of(channel.get().minor() - local.get().minor(), channel.get().currency());
        Instant now = clock.instant();
        boolean corrected = Boolean.TRUE.equals(tx.execute(status -> {
            if (!diffs.resolveCorrected(id, by, note, now)) {
                return false;
            }
            corrections.insert(diff, amount, by, note, now);
            return true;
        }));
        if (!corrected) {
            return new Handling.Conflict("the difference was handled meanwhile");
        }
        log.info("recon diff {} corrected by {}: {} {} trade {} refund '{}' by {} minor {}", id, by, diff.channel(),
                diff.merchantId(), diff.channelTradeNo(), diff.refundNo(), amount.minor(), amount.currency());
        return done(id);
    }

    private Handling done(long id) {
        return diffs.find(id).<Handling>map(Handling.Done::new).orElseGet(Handling.NotFound::new);
    }

}
