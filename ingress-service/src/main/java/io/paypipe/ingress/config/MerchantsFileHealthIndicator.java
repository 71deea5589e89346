package io.paypipe.ingress.config;

import io.paypipe.support.merchant.MerchantsFileWatch;
import java.nio.file.Files;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * {@code merchantsFile}: UP with the file and the number of merchants in use while the
 * file is readable and its content is the one in use; DOWN naming the file and the
 * problem when it cannot be read or its last content was refused (the previous merchants
 * stay in use, and a {@code MERCHANTS_FILE_INVALID} alert was raised). Not part of
 * readiness or liveness: ingress keeps answering with the merchants it has.
 */
@Component
public class MerchantsFileHealthIndicator implements HealthIndicator {

    private final MerchantsFileWatch watch;

    public MerchantsFileHealthIndicator(MerchantsFileWatch watch) {
        this.watch = watch;
    }

    @Override
    public Health health() {
        MerchantsFileWatch.Status status = watch.status();
        Health.Builder health = Health.up();
        if (!Files.isReadable(status.file())) {
            health = Health.down()
                .withDetail("problem", "cannot read " + status.file() + "; the " + status.merchants()
                        + " merchants loaded before stay in use");
        }
        else if (status.problem() != null) {
            health = Health.down()
                .withDetail("problem", status.file() + " not applied: " + status.problem() + "; the "
                        + status.merchants() + " merchants loaded before stay in use");
        }
        return health.withDetail("file", status.file().toString())
            .withDetail("merchants", status.merchants())
            .withDetail("readable", Files.isReadable(status.file()))
            .build();
    }

}
