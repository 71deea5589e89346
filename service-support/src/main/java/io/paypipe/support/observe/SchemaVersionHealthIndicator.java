package io.paypipe.support.observe;

import java.util.Arrays;
import java.util.Optional;
import java.util.function.Supplier;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationInfoService;
import org.flywaydb.core.api.MigrationVersion;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * {@code schemaVersion}, part of readiness: UP when the database's applied Flyway version
 * is at least the latest migration this jar carries ({@code db/migration} of core), DOWN
 * naming both versions otherwise (e.g. a start with {@code spring.flyway.enabled=false}
 * against a database nobody migrated). Latches once UP: applied migrations stay applied,
 * and a newer instance migrating further keeps this one UP.
 */
public final class SchemaVersionHealthIndicator implements HealthIndicator {

    private final Supplier<Flyway> flyway;

    private volatile Health latched;

    /** The indicator of the migrations {@code flyway} knows, on its database. */
    public SchemaVersionHealthIndicator(Flyway flyway) {
        this(() -> flyway);
    }

    /**
     * As above, the Flyway made at the first check (the context's, or one of its own).
     */
    public SchemaVersionHealthIndicator(Supplier<Flyway> flyway) {
        this.flyway = flyway;
    }

    @Override
    public Health health() {
        Health up = latched;
        if (up != null) {
            return up;
        }
        MigrationInfoService info = flyway.get().info();
        Optional<MigrationVersion> latest = Arrays.stream(info.all())
            .filter(m -> m.getVersion() != null && m.getState().isResolved())
            .map(MigrationInfo::getVersion)
            .max(MigrationVersion::compareTo);
        MigrationInfo current = info.current();
        String applied = current == null || current.getVersion() == null ? "none" : current.getVersion().getVersion();
        String expected = latest.map(MigrationVersion::getVersion).orElse("none");
        if (latest.isPresent() && (current == null || current.getVersion() == null
                || current.getVersion().compareTo(latest.get()) < 0)) {
            return Health.down()
                .withDetail("problem",
                        "the database is at schema version " + applied + ", this jar needs " + expected
                                + ": migrations not applied")
                .withDetail("applied", applied)
                .withDetail("latest", expected)
                .build();
        }
        Health health = Health.up().withDetail("applied", applied).withDetail("latest", expected).build();
        latched = health;
        return health;
    }

}
