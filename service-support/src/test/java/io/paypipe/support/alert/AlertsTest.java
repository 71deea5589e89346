package io.paypipe.support.alert;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.support.alert.Alerts.About;
import java.time.Instant;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

class AlertsTest {

    private static final Instant NOW = Instant.parse("2025-03-01T10:15:30Z");

    @Test
    void givenADeadLetter_whenAnAlertIsBuiltAboutIt_thenItsKeyIsTheRecordsCoordinatesAndItsIdStable() {
        var record = new ConsumerRecord<>("refund.task-dlt", 3, 41L, "shop|1900000100|ORDER-1", new byte[0]);

        OpsAlertRaised alert = Alerts.aboutDeadLetter(record, Kind.DEAD_LETTER, About.NOTHING, "unreadable", NOW);
        OpsAlertRaised again = Alerts.aboutDeadLetter(record, Kind.DEAD_LETTER, About.NOTHING, "unreadable", NOW);

        assertThat(alert.alertKey()).isEqualTo("DEAD_LETTER:dlt:refund.task-dlt:3:41");
        assertThat(alert.severity()).isEqualTo(Severity.ERROR);
        assertThat(alert.eventId()).isEqualTo(again.eventId()).isEqualTo(OpsAlertRaised.idFor(alert.alertKey()));
    }

    @Test
    void givenAMessageLongerThanTheColumn_whenAnAlertIsBuilt_thenItIsCutTo512WithAnEllipsis() {
        OpsAlertRaised alert = Alerts.of("k", Kind.GAVE_UP, Severity.ERROR, About.NOTHING, "x".repeat(600), NOW);

        assertThat(alert.message()).hasSize(512).endsWith("xx...");
        assertThat(Alerts.of("k", Kind.GAVE_UP, Severity.ERROR, About.NOTHING, "short", NOW).message())
            .isEqualTo("short");
    }

    @Test
    void givenRecordKeys_whenReadForWhatAnAlertIsAbout_thenTheOrdersPartsOrNothing() {
        assertThat(About.fromKey("shop|1900000100|ORDER-1", 7L))
            .isEqualTo(new About("shop", "1900000100", "ORDER-1", null, null, 7L));
        assertThat(About.fromKey("shop|1900000100|ORDER|A", null))
            .isEqualTo(new About("shop", "1900000100", "ORDER|A", null, null, null));
        assertThat(About.fromKey("no order here", 7L)).isEqualTo(About.NOTHING.withRawId(7L));
        assertThat(About.fromKey(null, null)).isEqualTo(About.NOTHING);
    }

    @Test
    void givenAnAlertAboutAnOrder_whenPublished_thenItIsKeyedLikeTheOrderElseByItsOwnKey() {
        OpsAlertRaised aboutOrder = Alerts.of("GAVE_UP:refund:9", Kind.GAVE_UP, Severity.ERROR,
                About.fromKey("shop|1900000100|ORDER-1", null).withTrade("wechatpay", "4200"), "m", NOW);
        OpsAlertRaised aboutNothing = Alerts.of("GAVE_UP:dlt:t:0:1", Kind.GAVE_UP, Severity.ERROR, About.NOTHING, "m",
                NOW);

        assertThat(AlertPublisher.keyOf(aboutOrder)).isEqualTo("shop|1900000100|ORDER-1");
        assertThat(aboutOrder.channel()).isEqualTo("wechatpay");
        assertThat(AlertPublisher.keyOf(aboutNothing)).isEqualTo("GAVE_UP:dlt:t:0:1");
    }

    @Test
    void givenReferencesWiderThanTheirColumns_whenStored_thenTheyAreCutNotRefused() {
        assertThat(AlertRepository.clip("x".repeat(70), 64)).hasSize(64);
        assertThat(AlertRepository.clip("short", 64)).isEqualTo("short");
        assertThat(AlertRepository.clip(null, 64)).isNull();
    }

}
