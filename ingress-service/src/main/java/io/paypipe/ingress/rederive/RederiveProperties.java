package io.paypipe.ingress.rederive;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code ingress.rederive.*}: rows read (and, with apply, re-derived and published) per
 * batch, and at most per request; a request that stops at {@code maxRows} answers where
 * to go on ({@code nextAfterId}).
 */
@ConfigurationProperties("ingress.rederive")
public record RederiveProperties(@DefaultValue("100") int batchSize, @DefaultValue("1000") int maxRows) {

    public RederiveProperties {
        if (batchSize < 1 || maxRows < 1) {
            throw new IllegalArgumentException("ingress.rederive.batch-size and max-rows must be positive");
        }
    }

}
