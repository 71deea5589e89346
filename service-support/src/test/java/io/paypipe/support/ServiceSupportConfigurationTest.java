package io.paypipe.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.paypipe.core.id.EventId;
import io.paypipe.core.topic.Topic;
import io.paypipe.core.topic.Topics;
import io.paypipe.support.alert.AlertPublisher;
import io.paypipe.support.alert.AlertRepository;
import io.paypipe.support.deadletter.DeadLetterRecorder;
import io.paypipe.support.kafka.EventSender;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import javax.sql.DataSource;
import io.paypipe.support.topic.FloorCheckingKafkaAdmin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.junit.jupiter.api.Test;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.kafka.annotation.EnableKafka;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;
import org.springframework.test.util.ReflectionTestUtils;
import org.springframework.transaction.support.TransactionTemplate;

class ServiceSupportConfigurationTest {

    private final ApplicationContextRunner contexts = new ApplicationContextRunner()
        .withUserConfiguration(TheServicesOwnBeans.class);

    @Test
    void givenAServiceThatEnablesTheSupport_whenItsContextStarts_thenItHasTheSharedBeansWithItsSettings() {
        contexts.withUserConfiguration(EnablingService.class).run(context -> {
            assertThat(context).hasNotFailed()
                .hasSingleBean(AlertRepository.class)
                .hasSingleBean(AlertPublisher.class)
                .hasSingleBean(DeadLetterRecorder.class);
            assertThat(context.getBean("eventTemplate", KafkaTemplate.class)
                .getProducerFactory()
                .getConfigurationProperties()).containsEntry(ProducerConfig.ACKS_CONFIG, "all")
                .containsEntry(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true)
                .containsEntry(ProducerConfig.MAX_BLOCK_MS_CONFIG, 1_200L);
            assertThat(context.getBean("retryTemplate", KafkaTemplate.class)).isNotNull();
            Collection<NewTopic> topics = ReflectionTestUtils.invokeMethod(context.getBean(KafkaAdmin.NewTopics.class),
                    "getNewTopics");
            assertThat(topics).extracting(NewTopic::name)
                .containsExactlyInAnyOrderElementsOf(Topics.all().stream().map(Topic::name).toList());
            assertThat(topics).allSatisfy(t -> assertThat(t.numPartitions()).isEqualTo(3));
            assertThat(context.getBean(KafkaAdmin.class)).isInstanceOf(FloorCheckingKafkaAdmin.class);
            assertThat(((ThreadPoolTaskScheduler) context.getBean(TaskScheduler.class)).getThreadNamePrefix())
                .isEqualTo("refund-retry-topics-");
        });
    }

    @Test
    void givenAServiceThatDoesNotEnableIt_whenItsContextStarts_thenItHasNoneOfThem() {
        contexts.run(context -> assertThat(context).hasNotFailed()
            .doesNotHaveBean(AlertRepository.class)
            .doesNotHaveBean(DeadLetterRecorder.class)
            .doesNotHaveBean(KafkaAdmin.NewTopics.class)
            .doesNotHaveBean(KafkaAdmin.class));
    }

    /**
     * A service that enables the support: its event publisher sends on the support's
     * template.
     */
    @Configuration(proxyBeanMethods = false)
    @EnableServiceSupport
    @EnableKafka
    static class EnablingService {

        @Bean
        EventSender eventSender(KafkaTemplate<String, Object> eventTemplate) {
            return new EventSender(eventTemplate, Duration.ofSeconds(1)) {
                @Override
                protected RuntimeException unconfirmed(String topic, EventId eventId, Throwable cause) {
                    return new IllegalStateException(cause);
                }

                @Override
                protected RuntimeException failed(String topic, EventId eventId, Throwable failure) {
                    return new IllegalStateException(failure);
                }
            };
        }

    }

    /** What a service brings itself, or Spring Boot brings it. */
    @Configuration(proxyBeanMethods = false)
    static class TheServicesOwnBeans {

        @Bean
        ServiceSettings settings() {
            return new TestSettings("refund", Duration.ofSeconds(2), List.of(), 2, 3, (short) 1);
        }

        /** No broker here: the admin creates nothing when the context has started. */
        @Bean
        KafkaProperties kafkaProperties() {
            KafkaProperties kafka = new KafkaProperties();
            kafka.getAdmin().setAutoCreate(false);
            return kafka;
        }

        @Bean
        JdbcClient jdbcClient() {
            return JdbcClient.create(mock(DataSource.class));
        }

        @Bean
        TransactionTemplate transactionTemplate() {
            return new TransactionTemplate(new RecordingTransactions());
        }

        @Bean
        MeterRegistry meterRegistry() {
            return new SimpleMeterRegistry();
        }

    }

}
