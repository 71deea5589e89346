package io.paypipe.processor.config;

import io.paypipe.core.raw.RawOutcome;
import io.paypipe.processor.transition.AfterCommitHook;
import java.nio.file.Files;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The after-commit hook: nothing in production. Tests only: with
 * {@code processor.halt-after-commit=true} the JVM halts right after the first database
 * commit, exactly like a crash between the commit and the offset commit; with
 * {@code processor.pause-after-commit-when=<file>} a consumer thread that committed an
 * applied payment while the file exists stops there for good, so the test can SIGKILL the
 * JVM with that work in flight.
 */
@Configuration(proxyBeanMethods = false)
class FaultInjectionConfig {

    private static final Logger log = LoggerFactory.getLogger(FaultInjectionConfig.class);

    @Bean
    @ConditionalOnMissingBean
    AfterCommitHook afterCommitHook(ProcessorProperties props) {
        if (props.haltAfterCommit()) {
            log.warn("fault injection on: the JVM halts after the first database commit");
            return (notification, written) -> {
                log.error("fault injection: halting after the commit of raw {} for order {}", notification.rawId(),
                        notification.orderKey());
                Runtime.getRuntime().halt(86);
            };
        }
        if (props.pauseAfterCommitWhen() != null) {
            log.warn("fault injection on: consumer threads stop after an applied commit while {} exists",
                    props.pauseAfterCommitWhen());
            return (notification, written) -> {
                if (written.equals(Optional.of(RawOutcome.APPLIED)) && Files.exists(props.pauseAfterCommitWhen())) {
                    log.error("fault injection: paused after the commit of raw {} for order {}", notification.rawId(),
                            notification.orderKey());
                    try {
                        Thread.sleep(Long.MAX_VALUE);
                    }
                    catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException("paused consumer interrupted", e);
                    }
                }
            };
        }
        return AfterCommitHook.NONE;
    }

}
