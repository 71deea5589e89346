package io.paypipe.support;

import io.paypipe.support.alert.AlertPublisher;
import io.paypipe.support.alert.AlertRepository;
import io.paypipe.support.deadletter.DeadLetterRecorder;
import io.paypipe.support.kafka.KafkaSupportConfig;
import io.paypipe.support.kafka.RetryTopicsConfig;
import io.paypipe.support.observe.KafkaGaugesConfiguration;
import io.paypipe.support.observe.ObservabilityConfiguration;
import io.paypipe.support.security.OperatorSecurity;
import io.paypipe.support.topic.TopicsConfiguration;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The beans a consuming service (processor-service, refund-service, reconcile-service)
 * shares: the Kafka templates ({@link KafkaSupportConfig}), the catalogue topics and the
 * admin that checks them against the service's floor ({@link TopicsConfiguration}), what
 * every retried topic shares ({@link RetryTopicsConfig}), {@code ops_alert} and
 * {@code ops.alert} ({@link AlertRepository}, {@link AlertPublisher}) and the last stop
 * of a dead letter ({@link DeadLetterRecorder}), and the sign-in of the operator
 * endpoints ({@link OperatorSecurity}). It needs one {@link ServiceSettings} bean (the
 * service's properties record) and one {@link io.paypipe.support.kafka.EventSender} (the
 * service's event publisher).
 * <p>
 * A plain configuration that each service imports with {@link EnableServiceSupport}, not
 * a Spring Boot auto-configuration: the local launcher ({@code ./paypipe run}) puts every
 * service, the sandbox and the reference consumers on one classpath, each in its own
 * context, and an entry in {@code AutoConfiguration.imports} would be applied to all of
 * those contexts (ingress, the sandbox and the downstream consumers have no
 * {@link ServiceSettings} and want none of these beans). Importing it says in the
 * service's own code that the service has these beans, and a service that does not import
 * it (ingress) gets none of them.
 */
@Configuration(proxyBeanMethods = false)
@Import({ KafkaSupportConfig.class, TopicsConfiguration.class, RetryTopicsConfig.class, AlertRepository.class,
        AlertPublisher.class, DeadLetterRecorder.class, ObservabilityConfiguration.class,
        KafkaGaugesConfiguration.class, OperatorSecurity.class })
public class ServiceSupportConfiguration {

}
