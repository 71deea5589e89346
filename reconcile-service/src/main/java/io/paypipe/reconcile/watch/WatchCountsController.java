package io.paypipe.reconcile.watch;

import io.paypipe.core.id.Channel;
import io.paypipe.reconcile.config.ReconcileProperties;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.ReadOnlyWindowStore;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * {@code GET /watch/counts?channel=&merchant=&minutes=N}: settlements per minute,
 * channel, merchant and outcome of the last {@code minutes} minutes (the current one
 * included), read from the watchdog's window store by an interactive query; 503 while the
 * streams are not RUNNING.
 */
@RestController
class WatchCountsController {

    private final WatchStores stores;

    private final Clock clock;

    private final long maxMinutes;

    WatchCountsController(WatchStores stores, Clock clock, ReconcileProperties props) {
        this.stores = stores;
        this.clock = clock;
        this.maxMinutes = props.watch().countsRetention().toMinutes();
    }

    @GetMapping("/watch/counts")
    List<CountRow> counts(@RequestParam(required = false) String channel,
            @RequestParam(required = false) String merchant, @RequestParam(defaultValue = "5") int minutes) {
        if (minutes < 1 || minutes > maxMinutes) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "minutes must be 1.." + maxMinutes);
        }
        CountsQuery query = CountsQuery.lastMinutes(channel(channel),
                Optional.ofNullable(merchant).filter(m -> !m.isBlank()), minutes, clock.instant());
        ReadOnlyWindowStore<CountKey, Long> store = stores.counts().orElseThrow(this::unavailable);
        try {
            return query.run(store);
        }
        catch (InvalidStateStoreException rebalancing) {
            throw unavailable();
        }
    }

    private ResponseStatusException unavailable() {
        return new ResponseStatusException(HttpStatus.SERVICE_UNAVAILABLE,
                "the watchdog's streams are " + stores.state() + ", not RUNNING; try again");
    }

    private static Optional<Channel> channel(String code) {
        if (code == null || code.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Channel.fromCode(code));
        }
        catch (IllegalArgumentException unknown) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "unknown channel " + code);
        }
    }

}
