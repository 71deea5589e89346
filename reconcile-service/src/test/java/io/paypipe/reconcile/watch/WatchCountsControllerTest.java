package io.paypipe.reconcile.watch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paypipe.reconcile.config.ReconcileProperties;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.http.HttpStatus;
import org.springframework.kafka.config.StreamsBuilderFactoryBean;
import org.springframework.web.server.ResponseStatusException;

class WatchCountsControllerTest {

    private final ReconcileProperties props = new Binder(new MapConfigurationPropertySource()).bindOrCreate("reconcile",
            Bindable.of(ReconcileProperties.class));

    private final Clock clock = Clock.fixed(WatchDriver.START, ZoneOffset.UTC);

    @Test
    void answersServiceUnavailableWhileTheStreamsAreNotRunning() {
        // Given streams that were never started
        var controller = new WatchCountsController(new WatchStores(new StreamsBuilderFactoryBean()), clock, props);

        // When / Then
        assertThatThrownBy(() -> controller.counts("alipay", "M1", 5)).isInstanceOf(ResponseStatusException.class)
            .extracting(e -> ((ResponseStatusException) e).getStatusCode())
            .isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
    }

    @Test
    void rejectsAWindowLongerThanTheCountsAreKept() {
        var controller = new WatchCountsController(new WatchStores(new StreamsBuilderFactoryBean()), clock, props);
        int kept = (int) props.watch().countsRetention().toMinutes();

        assertThat(kept).isEqualTo((int) Duration.ofDays(1).toMinutes());
        assertThatThrownBy(() -> controller.counts(null, null, kept + 1)).isInstanceOf(ResponseStatusException.class)
            .extracting(e -> ((ResponseStatusException) e).getStatusCode())
            .isEqualTo(HttpStatus.BAD_REQUEST);
    }

}
